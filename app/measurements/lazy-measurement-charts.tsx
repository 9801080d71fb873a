"use client";
// Loads the charts (recharts is most of this page's JavaScript) after the table, so the page is usable sooner.
import dynamic from "next/dynamic";

export const LazyMeasurementCharts = dynamic(() => import("./measurement-charts").then((module) => module.MeasurementCharts), {
  ssr: false,
  // Holds the charts' place so nothing below them moves when they arrive.
  loading: () => <div className="chart-grid" aria-busy="true" style={{ minHeight: 300 }} />,
});
