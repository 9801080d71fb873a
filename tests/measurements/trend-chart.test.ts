// The trend chart is drawn on the server: its SVG must hold every measured day at its place on the time axis, the
// get_trend trend line broken where a gap of more than 14 days restarts it, and the value axis' ticks, before any script
// runs; its text alternative says the same in words.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { chartSeries } from "@/app/measurements/chart-series";
import { MeasurementCharts } from "@/app/measurements/measurement-charts";
import { TrendChart } from "@/app/measurements/trend-chart";
import { dictionaries } from "@/lib/i18n/dictionaries";
import { unitsOf } from "@/lib/measurements/display-units";

const records = [
  ["2026-01-01", 80],
  ["2026-01-02", 80.4],
  ["2026-01-03", 80.2],
  // 17 days without a record: longer than the trend's 14-day segment gap
  ["2026-01-21", 79],
  ["2026-01-22", 79.2],
].map(([date, weight_kg]) => ({ date: date as string, values: { weight_kg: weight_kg as number } }));

const render = () => {
  const series = chartSeries({ records, field: "weight_kg", units: unitsOf("metric"), range: "30", today: "2026-01-30" });
  return { series, html: renderToStaticMarkup(createElement(TrendChart, { series, locale: "en", text: dictionaries.en.measurements })) };
};

const attributes = (html: string, element: string, className: string) =>
  [...html.matchAll(new RegExp(`<${element} class="${className}"([^>]*)>`, "g"))].map((match) =>
    Object.fromEntries([...(match[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
  );

describe("TrendChart", () => {
  it("draws one dot per measured day, placed by date as a share of the range's width", () => {
    const { series, html } = render();
    const dots = attributes(html, "circle", "chart-dot");
    expect(dots).toHaveLength(5);
    const expected = records.map(({ date }) => `${((100 * (Date.parse(`${date}T00:00:00Z`) - series.from)) / (series.to - series.from)).toFixed(3)}%`);
    expect(dots.map((dot) => dot.cx)).toEqual(expected);
    // Higher values are drawn higher (smaller y).
    expect(Number(dots[1]?.cy)).toBeLessThan(Number(dots[0]?.cy));
  });

  it("draws the trend as one path with a subpath per segment, never across the gap", () => {
    const { series, html } = render();
    const [line, ...others] = attributes(html, "path", "chart-trend");
    expect(others).toHaveLength(0);
    expect(line?.["data-points"]).toBe("5");
    expect(line?.["data-segments"]).toBe("2");
    const moves = (line?.d ?? "").match(/[ML]/g) ?? [];
    expect(moves).toEqual(["M", "L", "L", "M", "L"]);
    // The restart is drawn at the value itself.
    const restart = series.points[3];
    expect(restart?.trend).toBe(restart?.value);
  });

  it("says in words what the dots and the line show, including where the trend restarts", () => {
    const html = renderToStaticMarkup(
      createElement(MeasurementCharts, { records, locale: "en", text: dictionaries.en.measurements, unitSystem: "metric", today: "2026-01-30" }),
    );
    const label = /role="img" aria-label="([^"]*)"/.exec(html)?.[1];
    expect(label).toContain("Weight: 5 records from 1 January 2026 to 22 January 2026, between 79 and 80.4 kg.");
    expect(label).toContain("The trend line goes from 80 to 79 kg.");
    expect(label).toContain("It restarts after each gap of more than 14 days (21 January 2026).");
    expect(html).toContain("Trend</span>");
    expect(html).not.toContain("average");
  });

  it("says one record in the singular", () => {
    const html = renderToStaticMarkup(
      createElement(MeasurementCharts, {
        records: records.slice(0, 1),
        locale: "es",
        text: dictionaries.es.measurements,
        unitSystem: "metric",
        today: "2026-01-30",
      }),
    );
    expect(html).toContain("Peso: 1 registro, el 1 de enero de 2026: 80 kg. La línea de tendencia va de 80 a 80 kg.");
  });

  it("labels every value tick and shows no tooltip until the chart is pointed at", () => {
    const { series, html } = render();
    for (const tick of series.axis.ticks) expect(html).toContain(`>${tick}</text>`);
    expect(html).not.toContain("chart-tooltip");
  });
});
