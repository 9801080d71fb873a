// The crash drill's negative control: a save that is deliberately NOT atomic. It lives only here, to prove the checker catches the bug.
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { idempotencyRecord, measurement } from "@/db/sqlite/schema";
import { serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import { fingerprintOf } from "@/lib/measurements/fingerprint";
import { columnsOf } from "@/lib/measurements/measurement-record";
import { SAVE_OPERATION, savePayloadOf } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";

/**
 * "two-transactions": the change commits, then the outcome is recorded in a second transaction; a crash in between
 * leaves a change with no outcome, and the retry executes it a second time.
 * "acknowledge-before-recording": the same, and the caller is told "done" between the two transactions.
 */
export const nonAtomicVariants = ["two-transactions", "acknowledge-before-recording"] as const;
export type NonAtomicVariant = (typeof nonAtomicVariants)[number];

export function saveWithoutAtomicity(options: {
  handle: DatabaseHandle;
  userId: string;
  idempotencyKey: string;
  input: SaveMeasurementInput;
  variant: NonAtomicVariant;
  acknowledge: (status: "executed" | "replayed", serialized: string) => void;
}): void {
  const { handle, userId, idempotencyKey, input, variant, acknowledge } = options;
  const { db } = handle;
  const earlier = db
    .select()
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.userId, userId), eq(idempotencyRecord.key, idempotencyKey)))
    .get();
  if (earlier) return acknowledge("replayed", earlier.outcome);
  const serialized = db.transaction(
    (tx) => {
      const stored = tx
        .select()
        .from(measurement)
        .where(and(eq(measurement.userId, userId), eq(measurement.date, input.date)))
        .get();
      if (stored) tx.update(measurement).set(columnsOf(input.values)).where(eq(measurement.id, stored.id)).run();
      else
        tx.insert(measurement)
          .values({ userId, date: input.date, note: input.note ?? null, ...columnsOf(input.values) })
          .run();
      const outcome = successOutcome({ date: input.date, values: input.values, created: !stored, idempotency_key: idempotencyKey });
      return serializeOutcomeContent(outcome);
    },
    { behavior: "immediate" },
  );
  if (variant === "acknowledge-before-recording") acknowledge("executed", serialized);
  const fingerprint = fingerprintOf(SAVE_OPERATION, savePayloadOf(input));
  db.transaction(
    (tx) => {
      tx.insert(idempotencyRecord).values({ userId, key: idempotencyKey, operation: SAVE_OPERATION, fingerprint, isError: false, outcome: serialized }).run();
    },
    { behavior: "immediate" },
  );
  if (variant === "two-transactions") acknowledge("executed", serialized);
}
