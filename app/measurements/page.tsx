// /measurements: trend charts, the add form (or the edit form in its place), the table of records and the exports,
// all in the person's units.
import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { getEnv } from "@/lib/env";
import Link from "next/link";
import { formatMessage } from "@/lib/i18n/format-message";
import { getDictionary } from "@/lib/i18n/get-locale";
import { todayIn } from "@/lib/measurements/dates";
import { createRequestScope } from "@/lib/scope/request-scope";
import { requireUser } from "@/lib/session";
import { ExportButtons } from "./export-buttons";
import { GoalForm } from "./goal-form";
import { ImportPanel } from "./import-panel";
import { MeasurementCharts } from "./measurement-charts";
import { MeasurementsWorkspace } from "./measurements-workspace";
import { readPageRecords } from "./read-page-records";
import { TrendHeadline } from "./trend-headline";
import { buildTrendResult } from "@/lib/measurements/trend-result";
import { DEFAULT_WINDOW_DAYS } from "@/lib/measurements/compute-trend";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.measurements.title };
}

export default async function MeasurementsPage({ searchParams }: { searchParams: Promise<{ edit?: string }> }) {
  const user = await requireUser();
  const { locale, dictionary } = await getDictionary();
  const text = dictionary.measurements;
  // The user's QA read faults (in the scope) apply here as in the Coach's tools and the API.
  const scope = createRequestScope({ user, locale });
  const read = await readPageRecords(scope);
  // Unknown is not empty: when the records could not be read, the charts and the table say so instead of "none yet".
  const unreadable = read.ok ? null : formatMessage(text.unreadable, { attempts: read.attempts });
  const records = read.ok ? [...read.records].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)) : null;
  const { edit } = await searchParams;
  const editing = edit ? records?.find((record) => record.date === edit) : undefined;
  const today = todayIn();
  // The headline: the get_trend tool's own computation over the records the page read, with the stored goal.
  const storedGoals = read.ok ? await scope.store.goals.list({ userId: user.id }) : [];
  const storedGoal = storedGoals.find((goal) => goal.field === "weight_kg");
  const trend = read.ok
    ? buildTrendResult({
        field: "weight_kg",
        records: [...read.records]
          .sort((a, b) => (a.date < b.date ? -1 : 1))
          .flatMap((record) => (record.values.weight_kg === undefined ? [] : [{ date: record.date, value: record.values.weight_kg }])),
        windowDays: DEFAULT_WINDOW_DAYS,
        goal: storedGoal ? { target: storedGoal.target, updated_at: storedGoal.updatedAt.toISOString() } : null,
        unitSystem: user.units,
      })
    : null;
  return (
    <>
      <div className="toolbar">
        <h1>{text.title}</h1>
        <ExportButtons text={text} />
      </div>
      <p className="page-intro">
        {text.intro} {formatMessage(text.unitsNote, { units: text.unitSystems[user.units] })} <Link href="/account#units">{text.unitsLink}</Link>
      </p>

      {trend ? (
        <TrendHeadline trend={trend} locale={locale} text={text.headline}>
          <GoalForm
            goals={Object.fromEntries(storedGoals.map((goal) => [goal.field, goal.target]))}
            locale={locale}
            text={text}
            unitSystem={user.units}
            initialIdempotencyKey={randomUUID()}
            headlineField={trend.field}
          />
        </TrendHeadline>
      ) : null}

      <section className="card" aria-labelledby="charts-title">
        <h2 id="charts-title">{text.chartsTitle}</h2>
        {records ? (
          <MeasurementCharts
            records={records.map(({ date, values }) => ({ date, values }))}
            locale={locale}
            text={text}
            unitSystem={user.units}
            today={today}
          />
        ) : (
          <p className="alert alert-error" data-testid="measurement-charts-unreadable">
            {unreadable}
          </p>
        )}
      </section>

      <MeasurementsWorkspace
        records={records}
        unreadable={unreadable}
        editing={editing}
        locale={locale}
        text={text}
        offlineText={dictionary.offline}
        accountId={user.id}
        unitSystem={user.units}
        today={today}
        initialAddKey={randomUUID()}
        initialEditKey={randomUUID()}
      />

      <ImportPanel text={text} locale={locale} unitSystem={user.units} maxBytes={getEnv().PALESTRA_MAX_BODY_BYTES} />
    </>
  );
}
