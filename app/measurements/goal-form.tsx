"use client";
// Set, change or remove one measurement's goal, typed in the person's units. As the measurement form does, the
// idempotency key is fixed when the form is rendered and renewed only once an outcome is recorded under it, so a double
// click or a retry after an unconfirmed save sends the same key and changes the goal once. The headline above shows
// the new goal and its date once the page is revalidated.
import { useActionState, useState, useTransition, type FormEvent } from "react";
import { createIdempotencyKey } from "@/lib/create-idempotency-key";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Locale } from "@/lib/i18n/locale";
import { displayUnit, unitsOf } from "@/lib/measurements/display-units";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { measurementFields, type MeasurementField } from "@/lib/measurements/fields";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { setGoalAction } from "./actions";
import { formatValue } from "./format-values";
import { GoalFormStatus } from "./goal-form-status";
import { idleGoalFormState, type GoalFormState } from "./goal-form-state";

type GoalFormProps = {
  /** The stored goals, metric, by field. */
  goals: Partial<Record<MeasurementField, number>>;
  locale: Locale;
  text: Dictionary["measurements"];
  unitSystem: UnitSystem;
  initialIdempotencyKey: string;
  /** The field whose goal the card's headline already states: the form does not say it a second time. */
  headlineField: MeasurementField;
};

/** After these results the key is spent (an outcome is recorded under it, or the form was unreadable). */
const spendsKey = (state: GoalFormState) => state.status === "saved" || (state.status === "failed" && !state.keepKey);

export function GoalForm({ goals, locale, text, unitSystem, initialIdempotencyKey, headlineField }: GoalFormProps) {
  const units = unitsOf(unitSystem);
  const goalText = text.goalForm;
  const [field, setField] = useState<MeasurementField>("weight_kg");
  const [idempotencyKey, setIdempotencyKey] = useState(initialIdempotencyKey);
  const [, startTransition] = useTransition();
  const [state, dispatch, pending] = useActionState(async (previous: GoalFormState, formData: FormData) => {
    const next = await setGoalAction(previous, formData);
    if (spendsKey(next)) setIdempotencyKey(createIdempotencyKey());
    return next;
  }, idleGoalFormState);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Taken now, with the key of this moment: a second click before the answer carries the same key.
    const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    formData.set("timeZone", Intl.DateTimeFormat().resolvedOptions().timeZone);
    startTransition(() => dispatch(formData));
  }

  const stored = goals[field];
  const unit = displayUnit(field, units);
  const shown = (value: number) => `${formatValue(field, value, { locale, units })} ${unit}`;
  const invalid = state.status === "invalid" && state.field === field;
  // Another field's goal is nowhere else on the page: the form says it under the target.
  const saysCurrent = field !== headlineField;
  const describedBy = [invalid ? "goal-form-error" : null, saysCurrent ? "goal-current" : null].filter(Boolean).join(" ") || undefined;
  return (
    <form onSubmit={handleSubmit} className="goal-form form-stack" aria-labelledby="goal-form-title" aria-busy={pending} data-testid="goal-form">
      <h3 id="goal-form-title">{goalText.title}</h3>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} data-testid="goal-idempotency-key" />
      <input type="hidden" name="units" value={unitSystem} />
      <div className="goal-form-fields">
        <div className="field">
          <label htmlFor="goal-field">{goalText.field}</label>
          <select id="goal-field" name="field" value={field} onChange={(event) => setField(event.target.value as MeasurementField)} data-testid="goal-field">
            {measurementFields.map((option) => (
              <option key={option} value={option}>
                {fieldLabels[locale][option].label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="goal-target">
            {goalText.target} <span className="field-hint">({unit})</span>
          </label>
          <input
            // A new field or a new stored goal shows that goal: the input starts again from it.
            key={`${field}:${stored ?? ""}`}
            id="goal-target"
            name="target"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={stored === undefined ? "" : formatValue(field, stored, { locale, units })}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={describedBy}
            data-testid="goal-target"
          />
        </div>
      </div>
      {saysCurrent ? (
        <p className="field-hint" id="goal-current" data-testid="goal-current">
          {stored === undefined ? goalText.noCurrent : formatMessage(goalText.current, { target: shown(stored) })}
        </p>
      ) : null}
      <GoalFormStatus state={state} locale={locale} text={text} unitSystem={unitSystem} />
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={pending} data-testid="goal-save">
          {pending ? goalText.saving : goalText.save}
        </button>
        {stored !== undefined ? (
          <button type="submit" name="remove" value="true" className="button button-quiet" aria-disabled={pending} data-testid="goal-remove">
            {goalText.remove}
          </button>
        ) : null}
      </div>
    </form>
  );
}
