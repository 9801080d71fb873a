// The plain results the measurement server actions return to their forms.
import type { MeasurementValues } from "@/lib/measurements/fields";

export type FormProblem = { field: string | null; message: string };

export type SaveMeasurementFormState =
  | { status: "idle" }
  /** Nothing was recorded: the same idempotency key may be sent again with corrected values. */
  | { status: "invalid"; problems: FormProblem[] }
  | { status: "saved"; date: string; created: boolean }
  /**
   * Offline: kept on this device with its key until the network returns (offline/save-or-queue.ts); not saved. The form
   * says "saved" only once the queue's sender reports this key stored.
   */
  | { status: "queued"; date: string; idempotencyKey: string }
  | { status: "conflict"; date: string; stored: MeasurementValues; proposed: MeasurementValues }
  /** keepKey: the write may have happened (outcome_unknown) or certainly did not (write_failed); retry with the same key. */
  | { status: "failed"; code: string; message: string; keepKey: boolean; date?: string };

export const idleFormState: SaveMeasurementFormState = { status: "idle" };
