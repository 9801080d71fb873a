// What the goal form says after a submit, in the person's words and units: the saved or removed goal, the problem
// with the typed target, or what a write failure's contract code (write_failed, outcome_unknown,
// idempotency_key_reused) means for them.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Locale } from "@/lib/i18n/locale";
import { displayUnit, unitsOf } from "@/lib/measurements/display-units";
import { fieldLabels } from "@/lib/measurements/field-labels";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { formatValue } from "./format-values";
import type { GoalFormState } from "./goal-form-state";

type GoalFormStatusProps = { state: GoalFormState; locale: Locale; text: Dictionary["measurements"]; unitSystem: UnitSystem };

export function GoalFormStatus({ state, locale, text, unitSystem }: GoalFormStatusProps) {
  const goalText = text.goalForm;
  const units = unitsOf(unitSystem);
  switch (state.status) {
    case "idle":
      return null;
    case "invalid":
      return (
        <p className="alert alert-error" role="alert" id="goal-form-error" data-testid="goal-form-error">
          {state.message}
        </p>
      );
    case "saved": {
      // Mid-sentence the field is a common noun ("the goal for weight", "el objetivo de peso").
      const label = fieldLabels[locale][state.field].label.toLocaleLowerCase(locale);
      const message =
        state.target !== null
          ? formatMessage(goalText.saved, {
              field: label,
              target: `${formatValue(state.field, state.target, { locale, units })} ${displayUnit(state.field, units)}`,
            })
          : formatMessage(state.previous === null ? goalText.nothingToRemove : goalText.removed, { field: label });
      return (
        <p className="alert alert-success" role="status" data-testid="goal-form-success">
          {message}
        </p>
      );
    }
    case "failed": {
      const field = state.field ? fieldLabels[locale][state.field].label.toLocaleLowerCase(locale) : "";
      const failures = goalText.failures;
      const message =
        state.code === "write_failed"
          ? failures.writeFailed
          : state.code === "outcome_unknown"
            ? failures.outcomeUnknown
            : state.code === "idempotency_key_reused"
              ? failures.keyReused
              : failures.other;
      return (
        <p className="alert alert-error" role="alert" data-testid="goal-form-failure" data-error-code={state.code}>
          {formatMessage(message, { field })}
        </p>
      );
    }
  }
}
