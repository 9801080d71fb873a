"use client";
// The saves waiting on this device, above the form: each says it waits for the network (never that it is saved) and
// can be discarded; a save the server refused shows the server's own words until dismissed. The page sends the queue
// when it opens online, when the network returns, and right after a save joined it while online (a lost answer).
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import type { OfflineText } from "@/lib/i18n/offline-text";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { measurementFields } from "@/lib/measurements/fields";
import { displayUnit, unitsOf } from "@/lib/measurements/display-units";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { formatValue } from "../format-values";
import { openMeasurementQueue, watchMeasurementQueue } from "./measurement-queue";
import { putQueuedSave } from "./put-queued-save";
import type { QueuedSave } from "./queued-save";
import { sendQueuedMeasurements } from "./send-queued-measurements";

/** One lock for every tab of this origin: only its holder sends the queue. */
const QUEUE_LOCK = "palestra-measurement-queue";
/** After an answer that was lost or said "later", the same saves are tried again this much later, while online. */
const RETRY_AFTER_MS = 5_000;

type QueuedSavesProps = { accountId: string; locale: Locale; offlineText: OfflineText; unitSystem: UnitSystem };

function withQueueLock<T>(run: () => Promise<T>): Promise<T> {
  // Browsers without Web Locks (none this app supports) send from each tab; the keys still keep the data single.
  if (typeof navigator.locks?.request !== "function") return run();
  return navigator.locks.request(QUEUE_LOCK, run) as Promise<T>;
}

export function QueuedSaves({ accountId, locale, offlineText, unitSystem }: QueuedSavesProps) {
  const router = useRouter();
  const [saves, setSaves] = useState<QueuedSave[]>([]);
  const queue = openMeasurementQueue(accountId);

  useEffect(() => {
    const queue = openMeasurementQueue(accountId);
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = () =>
      queue.list().then(
        (list) => !closed && setSaves(list),
        () => undefined,
      );
    const send = async () => {
      if (closed || !navigator.onLine) return;
      clearTimeout(retry);
      const summary = await sendQueuedMeasurements({ queue, send: (save) => putQueuedSave(save, locale), withLock: withQueueLock });
      if (summary.stored > 0) router.refresh();
      if (summary.stoppedBy !== null && !closed) retry = setTimeout(() => void send(), RETRY_AFTER_MS);
    };
    void refresh().then(send);
    const unwatch = watchMeasurementQueue((change) => {
      void refresh();
      if (change === "added") void send();
      // Another tab may have sent saves: show the records as stored now (offline a refresh could not load).
      if (change === "elsewhere" && navigator.onLine) router.refresh();
    });
    const online = () => void send();
    window.addEventListener("online", online);
    return () => {
      closed = true;
      clearTimeout(retry);
      unwatch();
      window.removeEventListener("online", online);
    };
  }, [accountId, locale, router]);

  if (saves.length === 0) return null;
  const units = unitsOf(unitSystem);
  const valuesText = (save: QueuedSave) =>
    measurementFields
      .flatMap((field) => {
        const value = save.body.values[field];
        if (value === undefined) return [];
        const label = fieldLabels[locale][field].label;
        // A value that was not a plain number is shown as typed; the server words what is wrong with it.
        return typeof value === "number" ? [`${label} ${formatValue(field, value, { locale, units })} ${displayUnit(field, units)}`] : [`${label} ${value}`];
      })
      .join(", ");

  return (
    <section className="card offline-queue" aria-labelledby="offline-queue-title" data-testid="offline-queue">
      <h2 id="offline-queue-title">{offlineText.queueTitle}</h2>
      <p className="field-hint">{offlineText.queueIntro}</p>
      <ul className="offline-queue-list">
        {saves.map((save) => {
          const date = formatCalendarDate(save.date, locale);
          const values = valuesText(save);
          const refused = save.refusal !== undefined;
          return (
            <li key={save.idempotencyKey} data-testid="queued-save" data-date={save.date} data-state={refused ? "refused" : "waiting"}>
              <p className={`alert ${refused ? "alert-error" : "alert-warning"}`} role={refused ? "alert" : undefined} data-testid="queued-save-text">
                {refused
                  ? formatMessage(offlineText.refused, { date, values, detail: save.refusal?.detail ?? "" })
                  : formatMessage(offlineText.waiting, { date, values })}
              </p>
              <button
                type="button"
                className="button button-quiet button-small"
                aria-label={formatMessage(refused ? offlineText.dismissLabel : offlineText.discardLabel, { date })}
                onClick={() => void queue.remove(save.idempotencyKey)}
                data-testid="queued-save-discard"
              >
                {refused ? offlineText.dismiss : offlineText.discard}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
