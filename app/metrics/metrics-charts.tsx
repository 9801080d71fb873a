"use client";
// The three metrics charts (recharts), each with its figures as a table for screen readers and exact reading.
import type { ReactNode } from "react";
import { formatCalendarDate, formatShortDate } from "@/lib/i18n/format";
import { providerLabel } from "@/lib/i18n/coach-name";
import type { Locale } from "@/lib/i18n/locale";
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { toolLabel, toolResultLabel } from "@/lib/i18n/operator-text";
import { pivotModelRequests, pivotToolResults, type PivotedSeries } from "@/lib/traces/pivot-metrics";
import type { MetricsSummary } from "@/lib/traces/read-traces";

/**
 * Colours by meaning, so they read the same in every chart: green only for success, amber for an unknown outcome,
 * red tones for failures, neutral blues and greys for the rest. The legend's words carry the meaning as well.
 */
const otherColors = ["#4c6fbf", "#7a4fb0", "#5b6670", "#8a6d3b", "#2b7bb9"];
const failureColors = ["#b42318", "#c2577a", "#9a3412"];
/** Successes of different tools stay green, in shades that tell the stacked bars apart. */
const successColors = ["#1f6f5c", "#4aa386", "#0f4a3c", "#7cc4a9"];
function seriesColor(name: string, index: number): string {
  if (/(^| · )(ok|answered)$/.test(name)) return successColors[index % successColors.length] as string;
  if (/outcome_unknown$/.test(name)) return "#b7791f";
  if (/(failed|error|unavailable|conflict|_limit)$/.test(name)) return failureColors[index % failureColors.length] as string;
  return otherColors[index % otherColors.length] as string;
}

type ChartCardProps = { title: string; testId: string; empty: boolean; text: Dictionary["metrics"]; chart: ReactNode; table: ReactNode };

function ChartCard({ title, testId, empty, text, chart, table }: ChartCardProps) {
  return (
    <section className="card" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {empty ? (
        <p className="field-hint" data-testid="metrics-empty">
          {text.empty}
        </p>
      ) : (
        <>
          <div className="metrics-chart" role="img" aria-label={formatMessage(text.chartLabel, { title })}>
            {chart}
          </div>
          <details>
            <summary>{text.showData}</summary>
            <div className="table-scroll" tabIndex={0} role="region" aria-label={title}>
              {table}
            </div>
          </details>
        </>
      )}
    </section>
  );
}

const tooltipStyle = { background: "var(--color-surface)", border: "1px solid var(--color-border)", color: "var(--color-text)" };
/** Legend words in the text colour (the coloured swatch beside them carries the series colour), for contrast. */
const legendText = (value: string) => <span className="metrics-legend-text">{value}</span>;

type StackedBarsProps = { data: PivotedSeries; xKey: string; formatX?: (value: string) => string; seriesLabel?: (series: string) => string };

/** `seriesLabel`: the words the legend and tooltip show for a series (its key stays the code, which picks the colour). */
function StackedBars({ data, xKey, formatX, seriesLabel }: StackedBarsProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data.rows} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={xKey} tick={{ fontSize: 12 }} tickFormatter={formatX} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
        <Tooltip contentStyle={tooltipStyle} labelFormatter={formatX ? (value) => formatX(String(value)) : undefined} />
        <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
        {data.series.map((name, index) => (
          <Bar
            key={name}
            dataKey={name}
            name={seriesLabel ? seriesLabel(name) : name}
            stackId="total"
            fill={seriesColor(name, index)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

type MetricsChartsProps = {
  summary: MetricsSummary;
  locale: Locale;
  text: Dictionary["metrics"];
  outcomes: Dictionary["traces"]["outcomes"];
  operator: Dictionary["operator"];
};

export function MetricsCharts({ summary, locale, text, outcomes, operator }: MetricsChartsProps) {
  // "Save a measurement · refused: bad arguments" for the series "save_measurement · bad_arguments".
  const toolResultWords = (series: string) => {
    const [tool = "", code = ""] = series.split(" · ");
    return `${toolLabel(tool, operator)} · ${toolResultLabel({ status: code }, operator)}`;
  };
  const shortDay = (day: string) => formatShortDate(day, locale);
  // "offline" is the configured name; people read the built-in coach's name (the data attributes keep the value).
  const providerName = (provider: string) => providerLabel(provider, locale);
  const toolResults = pivotToolResults(summary);
  const modelRequests = pivotModelRequests(summary);
  const outcomeRows = summary.turnOutcomes.map((entry) => ({
    outcome: outcomes[entry.outcome as keyof typeof outcomes] ?? entry.outcome,
    code: entry.outcome,
    count: entry.count,
  }));
  return (
    <div className="metrics-grid">
      <ChartCard
        title={text.toolResultsTitle}
        testId="metrics-tool-results"
        empty={summary.toolResults.length === 0}
        text={text}
        chart={<StackedBars data={toolResults} xKey="day" formatX={shortDay} seriesLabel={toolResultWords} />}
        table={
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{text.day}</th>
                <th scope="col" className="text-cell">
                  {text.tool}
                </th>
                <th scope="col" className="text-cell">
                  {text.code}
                </th>
                <th scope="col">{text.count}</th>
              </tr>
            </thead>
            <tbody>
              {summary.toolResults.map((entry) => (
                <tr
                  key={`${entry.day}-${entry.tool}-${entry.status}-${entry.error}`}
                  data-testid="metrics-tool-row"
                  data-tool={entry.tool}
                  data-code={entry.error || entry.status}
                  data-count={entry.count}
                >
                  <td>{formatCalendarDate(entry.day, locale)}</td>
                  <td className="text-cell">{toolLabel(entry.tool, operator)}</td>
                  <td className="text-cell">{toolResultLabel(entry, operator)}</td>
                  <td>{entry.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartCard
        title={text.turnOutcomesTitle}
        testId="metrics-turn-outcomes"
        empty={outcomeRows.length === 0}
        text={text}
        chart={
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={outcomeRows} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="outcome" tick={{ fontSize: 12 }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
              <Tooltip contentStyle={tooltipStyle} />
              <Bar dataKey="count" name={text.count} isAnimationActive={false}>
                {outcomeRows.map((entry, index) => (
                  <Cell key={entry.code} fill={seriesColor(entry.code, index)} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col" className="text-cell">
                  {text.outcome}
                </th>
                <th scope="col">{text.count}</th>
              </tr>
            </thead>
            <tbody>
              {outcomeRows.map((entry) => (
                <tr key={entry.code} data-testid="metrics-outcome-row" data-outcome={entry.code} data-count={entry.count}>
                  <td className="text-cell">{entry.outcome}</td>
                  <td>{entry.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartCard
        title={text.modelRequestsTitle}
        testId="metrics-model-requests"
        empty={summary.modelRequests.length === 0}
        text={text}
        chart={<StackedBars data={modelRequests} xKey="provider" formatX={providerName} />}
        table={
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col" className="text-cell">
                  {text.provider}
                </th>
                <th scope="col" className="text-cell">
                  {text.status}
                </th>
                <th scope="col">{text.count}</th>
              </tr>
            </thead>
            <tbody>
              {summary.modelRequests.map((entry) => (
                <tr
                  key={`${entry.provider}-${entry.status}`}
                  data-testid="metrics-request-row"
                  data-provider={entry.provider}
                  data-status={entry.status}
                  data-count={entry.count}
                >
                  <td className="text-cell">{providerName(entry.provider)}</td>
                  <td className="text-cell">{entry.status}</td>
                  <td>{entry.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </div>
  );
}
