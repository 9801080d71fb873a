// /metrics: the signed-in user's tool results by tool and code over time, turn outcomes, and model requests by provider.
// For administrators only: anyone else gets the 404 page.
import type { Metadata } from "next";
import { getStore } from "@/lib/scope/get-store";
import { formatMessage } from "@/lib/i18n/format-message";
import { getDictionary } from "@/lib/i18n/get-locale";
import { requireAdmin } from "@/lib/session";
import { summarizeMetrics } from "@/lib/traces/read-traces";
import { OperatorNav } from "../_components/operator-nav";
import { MetricsCharts } from "./metrics-charts";

const DAYS = 30;

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.metrics.title };
}

export default async function MetricsPage() {
  const user = await requireAdmin();
  const { locale, dictionary } = await getDictionary();
  const summary = await summarizeMetrics({ store: getStore(), userId: user.id, days: DAYS });
  return (
    <>
      <OperatorNav dictionary={dictionary} />
      <h1>{dictionary.metrics.title}</h1>
      <p className="page-intro">{formatMessage(dictionary.metrics.intro, { days: DAYS })}</p>
      <MetricsCharts summary={summary} locale={locale} text={dictionary.metrics} outcomes={dictionary.traces.outcomes} operator={dictionary.operator} />
    </>
  );
}
