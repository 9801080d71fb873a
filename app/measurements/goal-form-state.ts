// The plain results the goal form's server action returns (the form keeps or renews its idempotency key by them).
import type { MeasurementField } from "@/lib/measurements/fields";

export type GoalFormState =
  | { status: "idle" }
  /** Nothing was sent to the write: the same key may carry the corrected form. */
  | { status: "invalid"; field: MeasurementField; message: string }
  /** `target` and `previous` are metric (null: no goal). */
  | { status: "saved"; field: MeasurementField; target: number | null; previous: number | null }
  /** keepKey: write_failed (nothing stored) or outcome_unknown (maybe stored): a retry with the key cannot double it. */
  | { status: "failed"; field: MeasurementField | null; code: string; keepKey: boolean };

export const idleGoalFormState: GoalFormState = { status: "idle" };
