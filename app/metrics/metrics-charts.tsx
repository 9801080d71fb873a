"use client";
// The three metrics charts (recharts), each with its figures as a table for screen readers and exact reading.
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";
import { pivotModelRequests, pivotToolResults, type PivotedSeries } from "@/lib/traces/pivot-metrics";
import type { MetricsSummary } from "@/lib/traces/read-traces";

const palette = ["#1f6f5c", "#b42318", "#6b8fd6", "#d08c00", "#7a4fb0", "#2f9e8f", "#c2577a", "#5b6670", "#8a6d3b", "#3d7a2a"];
const seriesColor = (name: string, index: number) => (/ · ok$|^ok$|^answered$/.test(name) ? "#1f6f5c" : palette[(index % (palette.length - 1)) + 1]);

type ChartCardProps = { title: string; testId: string; empty: boolean; text: Dictionary["metrics"]; chart: ReactNode; table: ReactNode };

function ChartCard({ title, testId, empty, text, chart, table }: ChartCardProps) {
  return (
    <section className="card" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {empty ? (
        <p className="field-hint" data-testid="metrics-empty">{text.empty}</p>
      ) : (
        <>
          <div className="metrics-chart" role="img" aria-label={formatMessage(text.chartLabel, { title })}>
            {chart}
          </div>
          <details>
            <summary>{text.showData}</summary>
            <div className="table-scroll">{table}</div>
          </details>
        </>
      )}
    </section>
  );
}

function StackedBars({ data, xKey }: { data: PivotedSeries; xKey: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data.rows} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
        <CartesianGrid stroke="#e6eaee" strokeDasharray="3 3" />
        <XAxis dataKey={xKey} tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={32} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {data.series.map((name, index) => (
          <Bar key={name} dataKey={name} stackId="total" fill={seriesColor(name, index)} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function MetricsCharts({ summary, text, outcomes }: { summary: MetricsSummary; text: Dictionary["metrics"]; outcomes: Dictionary["traces"]["outcomes"] }) {
  const toolResults = pivotToolResults(summary);
  const modelRequests = pivotModelRequests(summary);
  const outcomeRows = summary.turnOutcomes.map((entry) => ({ outcome: outcomes[entry.outcome as keyof typeof outcomes] ?? entry.outcome, code: entry.outcome, count: entry.count }));
  return (
    <div className="metrics-grid">
      <ChartCard
        title={text.toolResultsTitle}
        testId="metrics-tool-results"
        empty={summary.toolResults.length === 0}
        text={text}
        chart={<StackedBars data={toolResults} xKey="day" />}
        table={
          <table className="data-table">
            <thead><tr><th scope="col">{text.day}</th><th scope="col" className="text-cell">{text.tool}</th><th scope="col" className="text-cell">{text.code}</th><th scope="col">{text.count}</th></tr></thead>
            <tbody>
              {summary.toolResults.map((entry) => (
                <tr key={`${entry.day}-${entry.tool}-${entry.status}-${entry.error}`} data-testid="metrics-tool-row" data-tool={entry.tool} data-code={entry.error || entry.status} data-count={entry.count}>
                  <td>{entry.day}</td><td className="text-cell">{entry.tool}</td><td className="text-cell">{entry.error || entry.status}</td><td>{entry.count}</td>
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
              <CartesianGrid stroke="#e6eaee" strokeDasharray="3 3" />
              <XAxis dataKey="outcome" tick={{ fontSize: 11 }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={32} />
              <Tooltip />
              <Bar dataKey="count" name={text.count} fill="#6b8fd6" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <table className="data-table">
            <thead><tr><th scope="col" className="text-cell">{text.outcome}</th><th scope="col">{text.count}</th></tr></thead>
            <tbody>
              {outcomeRows.map((entry) => (
                <tr key={entry.code} data-testid="metrics-outcome-row" data-outcome={entry.code} data-count={entry.count}>
                  <td className="text-cell">{entry.outcome}</td><td>{entry.count}</td>
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
        chart={<StackedBars data={modelRequests} xKey="provider" />}
        table={
          <table className="data-table">
            <thead><tr><th scope="col" className="text-cell">{text.provider}</th><th scope="col" className="text-cell">{text.status}</th><th scope="col">{text.count}</th></tr></thead>
            <tbody>
              {summary.modelRequests.map((entry) => (
                <tr key={`${entry.provider}-${entry.status}`} data-testid="metrics-request-row" data-provider={entry.provider} data-status={entry.status} data-count={entry.count}>
                  <td className="text-cell">{entry.provider}</td><td className="text-cell">{entry.status}</td><td>{entry.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </div>
  );
}
