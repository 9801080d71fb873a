"use client";
// Add or edit one day's measurements. The idempotency key is fixed when the form is rendered or reset, so a double
// click or a retry after an unconfirmed save sends the same key and changes the data once.
import Link from "next/link";
import { useActionState, useRef, useState, useTransition, type FormEvent } from "react";
import { createIdempotencyKey } from "@/lib/create-idempotency-key";
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";
import type { Locale } from "@/lib/i18n/locale";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { fieldRanges, measurementFields, type MeasurementField, type MeasurementValues } from "@/lib/measurements/fields";
import { formatValues } from "./format-values";
import { saveMeasurementAction } from "./actions";
import { idleFormState, type SaveMeasurementFormState } from "./form-state";

type MeasurementFormProps = {
  mode: "add" | "edit";
  locale: Locale;
  text: Dictionary["measurements"];
  initialIdempotencyKey: string;
  defaultDate: string;
  defaultValues?: MeasurementValues;
  defaultNote?: string;
};

/** After these results the key is spent (an outcome is recorded under it); other failures retry with the same key. */
function spendsKey(state: SaveMeasurementFormState): boolean {
  return state.status === "saved" || state.status === "conflict" || (state.status === "failed" && !state.keepKey);
}

export function MeasurementForm({ mode, locale, text, initialIdempotencyKey, defaultDate, defaultValues = {}, defaultNote = "" }: MeasurementFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(initialIdempotencyKey);
  // The values the form opened with, fixed: after a lost acknowledgement the page re-renders with the change already
  // stored, and the retry must still send the same fields to clear, or its key would be refused as reused.
  const [shownValues] = useState(defaultValues);
  const [, startTransition] = useTransition();
  const [state, dispatch, pending] = useActionState(async (previous: SaveMeasurementFormState, formData: FormData) => {
    const next = await saveMeasurementAction(previous, formData);
    if (spendsKey(next)) setIdempotencyKey(createIdempotencyKey());
    if (next.status === "saved" && mode === "add") formRef.current?.reset();
    return next;
  }, idleFormState);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The FormData is taken now, with the key of this moment: a second click before the answer carries the same key.
    const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    formData.set("timeZone", Intl.DateTimeFormat().resolvedOptions().timeZone);
    // An emptied input of a value the form showed means "remove it" (clear-fields.ts); other empty inputs mean nothing.
    if (mode === "edit") {
      for (const field of measurementFields) {
        if (shownValues[field] !== undefined && String(formData.get(field) ?? "").trim() === "") formData.append("clear", field);
      }
    }
    startTransition(() => dispatch(formData));
  }

  const problems = state.status === "invalid" ? state.problems : [];
  const invalidFields = new Set(problems.map((problem) => problem.field));
  const prefix = mode === "add" ? "add" : "edit";
  const errorId = `${prefix}-measurement-errors`;
  const inputProps = (field: string) => ({
    "aria-invalid": invalidFields.has(field) ? (true as const) : undefined,
    "aria-describedby": invalidFields.has(field) ? errorId : undefined,
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} className="form-stack" data-testid={mode === "add" ? "measurement-form" : "measurement-edit-form"} aria-busy={pending}>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} data-testid="measurement-idempotency-key" />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${prefix}-date`}>{text.date}</label>
          {mode === "edit" ? (
            <input id={`${prefix}-date`} name="date" type="date" defaultValue={defaultDate} readOnly data-testid="measurement-input-date" />
          ) : (
            <input id={`${prefix}-date`} name="date" type="date" defaultValue={defaultDate} required data-testid="measurement-input-date" {...inputProps("date")} />
          )}
        </div>
        {measurementFields.map((field: MeasurementField) => (
          <div className="field" key={field}>
            <label htmlFor={`${prefix}-${field}`}>
              {fieldLabels[locale][field].label} <span className="field-hint">({fieldRanges[field].unit})</span>
            </label>
            <input
              id={`${prefix}-${field}`}
              name={field}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={defaultValues[field] === undefined ? "" : String(defaultValues[field])}
              data-testid={`measurement-input-${field}`}
              {...inputProps(field)}
            />
          </div>
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-note`}>
          {text.note} <span className="field-hint">({text.optional})</span>
        </label>
        <textarea id={`${prefix}-note`} name="note" rows={2} defaultValue={defaultNote} data-testid="measurement-input-note" {...inputProps("note")} />
      </div>
      <FormStatus state={state} locale={locale} text={text} errorId={errorId} />
      <div className="form-actions">
        <button type="submit" className="button" data-testid="measurement-submit" aria-disabled={pending}>
          {pending ? text.saving : text.save}
        </button>
        {state.status === "conflict" && mode === "add" ? (
          <button type="submit" name="replace" value="true" className="button button-danger" data-testid="measurement-replace">
            {text.replace}
          </button>
        ) : null}
        {mode === "edit" ? (
          <Link href="/measurements" className="button button-quiet" data-testid="measurement-edit-cancel">
            {text.cancel}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function FormStatus({ state, locale, text, errorId }: { state: SaveMeasurementFormState; locale: Locale; text: Dictionary["measurements"]; errorId: string }) {
  switch (state.status) {
    case "idle":
      return null;
    case "invalid":
      return (
        <div className="alert alert-error" role="alert" id={errorId} data-testid="measurement-form-error">
          <ul>
            {state.problems.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </div>
      );
    case "saved":
      return (
        <p className="alert alert-success" role="status" data-testid="measurement-form-success">
          {formatMessage(state.created ? text.saved : text.updated, { date: state.date })}
        </p>
      );
    case "conflict":
      return (
        <p className="alert alert-warning" role="alert" data-testid="measurement-form-conflict">
          {formatMessage(text.conflict, { date: state.date, stored: formatValues(state.stored, locale), proposed: formatValues(state.proposed, locale) })}
        </p>
      );
    case "failed":
      return (
        <div className="alert alert-error" role="alert" data-testid="measurement-form-failure" data-error-code={state.code}>
          <p className="alert">{state.code === "bad_form" ? text.invalidForm : state.message}</p>
          {state.code === "outcome_unknown" ? <p className="alert">{text.retryUnknown}</p> : null}
        </div>
      );
  }
}
