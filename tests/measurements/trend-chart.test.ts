// The trend chart is drawn on the server: its SVG must hold every measured day at its place on the time axis, the
// average broken across a gap longer than a week, and the value axis' ticks, before any script runs.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { chartSeries } from "@/app/measurements/chart-series";
import { TrendChart } from "@/app/measurements/trend-chart";
import { dictionaries } from "@/lib/i18n/dictionaries";
import { unitsOf } from "@/lib/measurements/display-units";

const records = [
  ["2026-01-01", 80],
  ["2026-01-02", 80.4],
  ["2026-01-03", 80.2],
  // 17 days without a record: longer than the 7-day average's window
  ["2026-01-21", 79],
  ["2026-01-22", 79.2],
].map(([date, weight_kg]) => ({ date: date as string, values: { weight_kg: weight_kg as number } }));

const render = () => {
  const series = chartSeries({ records, field: "weight_kg", units: unitsOf("metric"), range: "30", today: "2026-01-30" });
  return { series, html: renderToStaticMarkup(createElement(TrendChart, { series, locale: "en", text: dictionaries.en.measurements })) };
};

const attributes = (html: string, element: string, className: string) =>
  [...html.matchAll(new RegExp(`<${element} class="${className}"([^>]*)>`, "g"))].map((match) =>
    Object.fromEntries([...(match[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
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

  it("draws the average between consecutive days of each run, never across the gap", () => {
    const { html } = render();
    // Three days then two: 2 + 1 segments.
    expect(attributes(html, "line", "chart-average")).toHaveLength(3);
  });

  it("labels every value tick and shows no tooltip until the chart is pointed at", () => {
    const { series, html } = render();
    for (const tick of series.axis.ticks) expect(html).toContain(`>${tick}</text>`);
    expect(html).not.toContain("chart-tooltip");
  });
});
