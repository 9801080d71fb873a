"use client";
// The page's working part: what just happened (with Undo after a delete), the add form or the edit form in its place
// (closing once saved), and the table. A delete's notice and its Undo sit in the table at the deleted row's place, focus
// stays there, and the page's live region announces it.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { createIdempotencyKey } from "@/lib/create-idempotency-key";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import type { OfflineText } from "@/lib/i18n/offline-text";
import type { MeasurementRecord } from "@/lib/measurements/fields";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { deleteMeasurementAction, restoreMeasurementAction } from "./actions";
import { MeasurementForm } from "./measurement-form";
import { MeasurementsTable } from "./measurements-table";
import { QueuedSaves } from "./offline/queued-saves";

/** `at`: the date of the row the notice is about, shown in the table at that row's place rather than above the page. */
export type Notice = { tone: "success" | "error"; text: string; undo?: MeasurementRecord; at?: string };

type WorkspaceProps = {
  records: MeasurementRecord[] | null;
  unreadable: string | null;
  editing?: MeasurementRecord;
  locale: Locale;
  text: Dictionary["measurements"];
  offlineText: OfflineText;
  accountId: string;
  unitSystem: UnitSystem;
  today: string;
  initialAddKey: string;
  initialEditKey: string;
};

export function MeasurementsWorkspace(props: WorkspaceProps) {
  const { records, unreadable, editing, locale, text, offlineText, accountId, unitSystem, today, initialAddKey, initialEditKey } = props;
  const router = useRouter();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async (record: MeasurementRecord) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.set("date", record.date);
      await deleteMeasurementAction(form);
      setConfirming(null);
      setNotice({ tone: "success", text: formatMessage(text.deleted, { date: formatCalendarDate(record.date, locale) }), undo: record, at: record.date });
      if (editing?.date === record.date) router.replace("/measurements", { scroll: false });
    } catch {
      setNotice({ tone: "error", text: text.invalidForm, at: record.date });
    } finally {
      setBusy(false);
    }
  };

  const undo = async (record: MeasurementRecord) => {
    setBusy(true);
    const date = formatCalendarDate(record.date, locale);
    try {
      const state = await restoreMeasurementAction({
        idempotencyKey: createIdempotencyKey(),
        record: { date: record.date, values: record.values as Record<string, number>, note: record.note },
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      const at = record.date;
      if (state.status === "saved") setNotice({ tone: "success", text: formatMessage(text.restored, { date }), at });
      else if (state.status === "conflict") setNotice({ tone: "error", text: formatMessage(text.undoFailed, { date, reason: text.undoConflict }), at });
      else
        setNotice({
          tone: "error",
          text: formatMessage(text.undoFailed, { date, reason: state.status === "failed" ? formatMessage(text.failures.other, { date }) : "" }),
          at,
        });
    } catch {
      setNotice({ tone: "error", text: formatMessage(text.failures.other, { date }), at: record.date });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="measurements-notice" role="status" data-testid="measurements-notice">
        {notice?.at ? <span className="visually-hidden">{notice.text}</span> : notice ? <p className={`alert alert-${notice.tone}`}>{notice.text}</p> : null}
      </div>

      <QueuedSaves accountId={accountId} locale={locale} offlineText={offlineText} unitSystem={unitSystem} />

      {editing ? (
        <section className="card" id="edit" aria-labelledby="edit-title" data-testid="measurement-edit-section">
          <h2 id="edit-title">{formatMessage(text.editTitle, { date: formatCalendarDate(editing.date, locale) })}</h2>
          <MeasurementForm
            key={editing.date}
            mode="edit"
            locale={locale}
            text={text}
            offlineText={offlineText}
            accountId={accountId}
            unitSystem={unitSystem}
            initialIdempotencyKey={initialEditKey}
            defaultDate={editing.date}
            defaultValues={editing.values}
            defaultNote={editing.note ?? ""}
            onSaved={(state) => {
              setNotice({ tone: "success", text: formatMessage(text.updated, { date: formatCalendarDate(state.date, locale) }) });
              router.replace("/measurements", { scroll: false });
            }}
          />
        </section>
      ) : (
        <section className="card" aria-labelledby="add-title">
          <h2 id="add-title">{text.addTitle}</h2>
          <MeasurementForm
            mode="add"
            locale={locale}
            text={text}
            offlineText={offlineText}
            accountId={accountId}
            unitSystem={unitSystem}
            initialIdempotencyKey={initialAddKey}
            defaultDate={today}
            maxDate={today}
          />
        </section>
      )}

      <section className="card" aria-labelledby="records-title">
        <h2 id="records-title">{text.tableTitle}</h2>
        {records ? (
          <MeasurementsTable
            records={records}
            locale={locale}
            text={text}
            unitSystem={unitSystem}
            confirming={confirming}
            busy={busy}
            notice={notice?.at ? notice : null}
            onUndo={(record) => void undo(record)}
            onAskDelete={setConfirming}
            onConfirmDelete={(record) => void confirmDelete(record)}
          />
        ) : (
          <p className="alert alert-error" role="alert" data-testid="measurements-unreadable">
            {unreadable}
          </p>
        )}
      </section>
    </>
  );
}
