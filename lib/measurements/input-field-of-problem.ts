// Which input of a measurement form an argument problem belongs to, so the form can mark that input and show the message beside it.
import type { ArgumentProblem } from "./validation";
import type { MeasurementField } from "./fields";

export type FormInput = "date" | "note" | MeasurementField;

/** null: the problem concerns no single input (it is shown above the form). Exhaustive, so a new kind must choose. */
export function inputFieldOfProblem(problem: ArgumentProblem): FormInput | null {
  switch (problem.kind) {
    case "field_value":
      return problem.field;
    case "date_format":
    case "missing_argument":
    case "future_date":
      return "date";
    case "note_invalid":
    case "note_malformed":
      return "note";
    case "unknown_tool":
    case "not_object":
    case "unknown_argument":
    case "range_order":
    case "unknown_field":
    case "values_required":
    case "boolean_argument":
    case "fields_invalid":
    case "units_invalid":
    case "idempotency_key_invalid":
    case "field_name":
    case "window_days":
      return null;
  }
}
