"use client";
// One small trend chart per field that has data (recharts).
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";
import type { Locale } from "@/lib/i18n/locale";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { fieldRanges, measurementFields, type MeasurementRecord } from "@/lib/measurements/fields";

type ChartRecord = Pick<MeasurementRecord, "date" | "values">;

export function MeasurementCharts({ records, locale, text }: { records: ChartRecord[]; locale: Locale; text: Dictionary["measurements"] }) {
  const series = measurementFields
    .map((field) => ({
      field,
      points: records.filter((record) => record.values[field] !== undefined).map((record) => ({ date: record.date, value: record.values[field] })),
    }))
    .filter((entry) => entry.points.length > 0);
  if (series.length === 0) return <p className="page-intro">{text.chartsEmpty}</p>;
  return (
    <div className="chart-grid">
      {series.map(({ field, points }) => {
        const label = `${fieldLabels[locale][field].label} (${fieldRanges[field].unit})`;
        return (
          <figure key={field} className="chart-card" data-testid={`measurement-chart-${field}`} data-points={points.length} style={{ margin: 0 }}>
            <h3>{label}</h3>
            <div className="chart-area" role="img" aria-label={formatMessage(text.chartLabel, { field: label })}>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
                  <CartesianGrid stroke="#e6eaee" strokeDasharray="3 3" />
                  <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={24} />
                  <YAxis domain={["auto", "auto"]} tick={{ fontSize: 11 }} width={40} />
                  <Tooltip />
                  <Line type="monotone" dataKey="value" name={label} stroke="#1f6f5c" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </figure>
        );
      })}
    </div>
  );
}
