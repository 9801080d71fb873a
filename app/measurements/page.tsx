// /measurements: trend charts, the add and edit forms, the table of records and the exports.
import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { getDatabase } from "@/db/client";
import { getEnv } from "@/lib/env";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import { formatMessage } from "@/lib/i18n/dictionaries";
import { getDictionary } from "@/lib/i18n/get-locale";
import { todayIn } from "@/lib/measurements/dates";
import { requireUser } from "@/lib/session";
import { LazyMeasurementCharts } from "./lazy-measurement-charts";
import { MeasurementForm } from "./measurement-form";
import { MeasurementsTable } from "./measurements-table";
import { readPageRecords } from "./read-page-records";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.measurements.title };
}

export default async function MeasurementsPage({ searchParams }: { searchParams: Promise<{ edit?: string }> }) {
  const user = await requireUser();
  const { locale, dictionary } = await getDictionary();
  const text = dictionary.measurements;
  const { db } = getDatabase();
  // The user's QA read faults apply here as in the Coach's tools and the API (product.md, "Storage faults (QA)").
  const read = await readPageRecords({ db, userId: user.id, faults: createStorageFaults({ db, userId: user.id, enabled: getEnv().qaEnabled }) });
  // Unknown is not empty: when the records could not be read, the charts and the table say so instead of "none yet".
  const unreadable = read.ok ? null : formatMessage(text.unreadable, { attempts: read.attempts });
  const records = read.ok ? read.records : [];
  const { edit } = await searchParams;
  const editing = edit ? records.find((record) => record.date === edit) : undefined;
  return (
    <>
      <div className="toolbar">
        <h1>{text.title}</h1>
        <div className="form-actions">
          <a href="/measurements/export?format=csv" className="button button-quiet" download data-testid="export-csv">
            {text.exportCsv}
          </a>
          <a href="/measurements/export?format=json" className="button button-quiet" download data-testid="export-json">
            {text.exportJson}
          </a>
        </div>
      </div>
      <p className="page-intro">{text.intro}</p>

      <section className="card" aria-labelledby="charts-title">
        <h2 id="charts-title">{text.chartsTitle}</h2>
        {unreadable === null ? (
          <LazyMeasurementCharts records={records.map(({ date, values }) => ({ date, values }))} locale={locale} text={text} />
        ) : (
          <p className="alert alert-error" data-testid="measurement-charts-unreadable">
            {unreadable}
          </p>
        )}
      </section>

      {editing ? (
        <section className="card" id="edit" aria-labelledby="edit-title" data-testid="measurement-edit-section">
          <h2 id="edit-title">{formatMessage(text.editTitle, { date: editing.date })}</h2>
          <MeasurementForm
            key={editing.date}
            mode="edit"
            locale={locale}
            text={text}
            initialIdempotencyKey={randomUUID()}
            defaultDate={editing.date}
            defaultValues={editing.values}
            defaultNote={editing.note ?? ""}
          />
        </section>
      ) : null}

      <section className="card" aria-labelledby="add-title">
        <h2 id="add-title">{text.addTitle}</h2>
        <MeasurementForm mode="add" locale={locale} text={text} initialIdempotencyKey={randomUUID()} defaultDate={todayIn()} />
      </section>

      <section className="card" aria-labelledby="records-title">
        <h2 id="records-title">{text.tableTitle}</h2>
        {unreadable === null ? (
          <MeasurementsTable records={records} locale={locale} text={text} />
        ) : (
          <p className="alert alert-error" role="alert" data-testid="measurements-unreadable">
            {unreadable}
          </p>
        )}
      </section>
    </>
  );
}
