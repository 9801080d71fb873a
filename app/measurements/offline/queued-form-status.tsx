"use client";
// What the form says after a save joined the queue: that it waits (never that it is saved) until the queue's sender, in
// this tab or in the one holding the lock, reports this key stored; then that it is saved. Once the save is no longer
// waiting for another reason (discarded, or refused: the queue's card shows the server's words), the form says nothing.
import { useEffect, useState } from "react";
import { formatMessage } from "@/lib/i18n/format-message";
import type { OfflineText } from "@/lib/i18n/offline-text";
import { openMeasurementQueue, wasStoredHere, watchMeasurementQueue } from "./measurement-queue";

type QueuedFormStatusProps = { accountId: string; idempotencyKey: string; shownDate: string; offlineText: OfflineText };

type Standing = "waiting" | "stored" | "gone";

export function QueuedFormStatus({ accountId, idempotencyKey, shownDate, offlineText }: QueuedFormStatusProps) {
  const [standing, setStanding] = useState<Standing>("waiting");

  useEffect(() => {
    let closed = false;
    const settle = (next: Standing) => !closed && setStanding((current) => (current === "stored" ? current : next));
    const check = () =>
      openMeasurementQueue(accountId)
        .list()
        .then((saves) => {
          const save = saves.find((entry) => entry.idempotencyKey === idempotencyKey);
          if (save === undefined) settle(wasStoredHere(idempotencyKey) ? "stored" : "gone");
          else if (save.refusal !== undefined) settle("gone");
        })
        .catch(() => undefined);
    const unwatch = watchMeasurementQueue((_change, storedKey) => {
      if (storedKey === idempotencyKey) settle("stored");
      else void check();
    });
    // The sender may have stored it between the queue's add and this effect.
    void check();
    return () => {
      closed = true;
      unwatch();
    };
  }, [accountId, idempotencyKey]);

  if (standing === "gone") return null;
  return standing === "stored" ? (
    <p className="alert alert-success" role="status" data-testid="measurement-form-success">
      {formatMessage(offlineText.queuedStored, { date: shownDate })}
    </p>
  ) : (
    <p className="alert alert-warning" role="status" data-testid="measurement-form-queued">
      {formatMessage(offlineText.queued, { date: shownDate })}
    </p>
  );
}
