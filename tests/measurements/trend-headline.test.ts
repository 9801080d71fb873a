// The /measurements headline states the tool's numbers in the person's units, one decimal, in three languages: the
// latest trend, the weekly rate or what it still needs, and the goal with its date or the reason there is none.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TrendHeadline } from "@/app/measurements/trend-headline";
import { dictionaries } from "@/lib/i18n/dictionaries";
import { buildTrendResult } from "@/lib/measurements/trend-result";

const steady = ["2026-11-16", "2026-11-18", "2026-11-20", "2026-11-22", "2026-11-24", "2026-11-26", "2026-11-28", "2026-11-30"].map((date, index) => ({
  date,
  value: 80 - index * 0.2,
}));
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const render = (options: { records: typeof steady; target?: number; units?: "metric" | "imperial"; locale?: "en" | "es" | "pt" }) => {
  const goal = options.target === undefined ? null : { target: options.target, updated_at: "2026-11-01T00:00:00.000Z" };
  const trend = buildTrendResult({ field: "weight_kg", records: options.records, windowDays: 28, goal, unitSystem: options.units ?? "metric" });
  const locale = options.locale ?? "en";
  return { trend, html: text(renderToStaticMarkup(createElement(TrendHeadline, { trend, locale, text: dictionaries[locale].measurements.headline }))) };
};

describe("TrendHeadline", () => {
  it("states the trend, the weekly rate and the goal's date from the tool's result", () => {
    const { trend, html } = render({ records: steady, target: 78 });
    expect(html).toContain(`Trend ${trend.latest_trend?.toFixed(1)} kg (as of 30 November 2026)`);
    expect(html).toContain(`${(trend.rate_per_week as number).toFixed(1)} kg a week over the last 28 days`);
    expect(trend.eta).not.toBeNull();
    expect(html).toContain("Goal 78 kg: reached around");
  });

  it("says what a rate still needs, and why a goal has no date", () => {
    const { html } = render({ records: steady.slice(0, 2), target: 70 });
    expect(html).toContain("No weekly rate yet: it needs 5 weigh-ins over 10 days (so far: 2 weigh-ins over 2 days).");
    expect(html).toContain("Goal 70 kg: no date until there is a weekly rate");
    expect(render({ records: steady, target: 85 }).html).toContain("the trend is moving away from it");
    expect(render({ records: [] }).html).toContain("No weigh-ins yet");
  });

  it("says one weigh-in and one day in the singular, in each language", () => {
    const one = steady.slice(0, 1);
    expect(render({ records: one }).html).toContain("(so far: 1 weigh-in).");
    expect(render({ records: one, locale: "es" }).html).toContain("(por ahora: 1 pesaje).");
    expect(render({ records: one, locale: "pt" }).html).toContain("(por enquanto: 1 pesagem).");
    const nextDay = [
      { date: "2026-11-16", value: 80 },
      { date: "2026-11-17", value: 79.8 },
    ];
    expect(render({ records: nextDay }).html).toContain("(so far: 2 weigh-ins over 1 day).");
    expect(render({ records: nextDay, locale: "es" }).html).toContain("(por ahora: 2 pesajes en 1 día).");
    expect(render({ records: nextDay, locale: "pt" }).html).toContain("(por enquanto: 2 pesagens em 1 dia).");
  });

  it("uses the person's units and language", () => {
    const { trend, html } = render({ records: steady, target: 78, units: "imperial", locale: "es" });
    expect(html).toContain(`Tendencia ${String(trend.display_values?.latest_trend).replace(".", ",")} lb (a 30 de noviembre de 2026)`);
    expect(html).toContain("Objetivo 172 lb");
    expect(render({ records: steady, locale: "pt" }).html).toContain("Sem meta.");
  });
});
