"use client";
// Add or edit one day's measurements, typed in the person's units. The idempotency key is fixed when the form is
// rendered or reset, so a double click or a retry after an unconfirmed save sends the same key and changes the data once.
import Link from "next/link";
import { useActionState, useRef, useState, useSyncExternalStore, useTransition, type FormEvent } from "react";
import { createIdempotencyKey } from "@/lib/create-idempotency-key";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { todayIn } from "@/lib/measurements/dates";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { measurementFields, type MeasurementField, type MeasurementValues } from "@/lib/measurements/fields";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { displayUnit, unitsOf } from "@/lib/measurements/display-units";
import { formatValue, formatValues } from "./format-values";
import type { OfflineText } from "@/lib/i18n/offline-text";
import { idleFormState, type SaveMeasurementFormState } from "./form-state";
import { QueuedFormStatus } from "./offline/queued-form-status";
import { saveOrQueue } from "./offline/save-or-queue";

type MeasurementFormProps = {
  mode: "add" | "edit";
  locale: Locale;
  text: Dictionary["measurements"];
  offlineText: OfflineText;
  /** Whose device queue a save made offline waits in. */
  accountId: string;
  unitSystem: UnitSystem;
  initialIdempotencyKey: string;
  defaultDate: string;
  /** The latest date the picker offers (the server's today); the browser's own today replaces it once mounted. */
  maxDate?: string;
  defaultValues?: MeasurementValues;
  defaultNote?: string;
  /** Called after a successful save of the edit form (the page closes it and says what changed). */
  onSaved?: (state: Extract<SaveMeasurementFormState, { status: "saved" }>) => void;
};

const subscribeToNothing = () => () => {};

/**
 * After these results the key is spent (an outcome is recorded under it, or the queue holds it for its save); other
 * failures retry with the same key.
 */
function spendsKey(state: SaveMeasurementFormState): boolean {
  return state.status === "saved" || state.status === "queued" || state.status === "conflict" || (state.status === "failed" && !state.keepKey);
}

export function MeasurementForm({
  mode,
  locale,
  text,
  offlineText,
  accountId,
  unitSystem,
  initialIdempotencyKey,
  defaultDate,
  maxDate: serverToday,
  defaultValues = {},
  defaultNote = "",
  onSaved,
}: MeasurementFormProps) {
  const units = unitsOf(unitSystem);
  const shownText = (field: MeasurementField) => (defaultValues[field] === undefined ? "" : formatValue(field, defaultValues[field], { locale, units }));
  const formRef = useRef<HTMLFormElement>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(initialIdempotencyKey);
  // The save refuses a date after today where the person is, so the picker stops at the browser's today.
  const maxDate = useSyncExternalStore(
    subscribeToNothing,
    () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone),
    () => serverToday,
  );
  // The values the form opened with, fixed: after a lost acknowledgement the page re-renders with the change already
  // stored, and the retry must still send the same fields to clear, or its key would be refused as reused.
  const [shownValues] = useState(defaultValues);
  const [, startTransition] = useTransition();
  // The add form emptied by a save and not typed in since: a submit now is a double-click's second click that landed
  // after a fast save (it would send an empty form and replace the confirmation with "enter at least one measurement").
  const untouchedSinceSave = useRef(false);
  const [state, dispatch, pending] = useActionState(async (previous: SaveMeasurementFormState, formData: FormData) => {
    const next = await saveOrQueue({ previous, formData, accountId });
    if (spendsKey(next)) setIdempotencyKey(createIdempotencyKey());
    if ((next.status === "saved" || next.status === "queued") && mode === "add") {
      formRef.current?.reset();
      untouchedSinceSave.current = true;
    }
    if (next.status === "saved" && mode === "edit") onSaved?.(next);
    return next;
  }, idleFormState);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (untouchedSinceSave.current) return;
    // The FormData is taken now, with the key of this moment: a second click before the answer carries the same key.
    const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    formData.set("timeZone", Intl.DateTimeFormat().resolvedOptions().timeZone);
    // An emptied input of a value the form showed means "remove it" (clear-fields.ts); other empty inputs mean nothing.
    if (mode === "edit") {
      for (const field of measurementFields) {
        const typed = String(formData.get(field) ?? "").trim();
        const stored = shownValues[field];
        if (stored === undefined) continue;
        if (typed === "") formData.append("clear", field);
        // Untouched: send the stored number itself, so converting it for display and back never changes it.
        else if (typed === formatValue(field, stored, { locale, units })) {
          formData.set(field, String(stored));
          formData.append("exact", field);
        }
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
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      onInput={() => (untouchedSinceSave.current = false)}
      className="form-stack"
      data-testid={mode === "add" ? "measurement-form" : "measurement-edit-form"}
      aria-busy={pending}
    >
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} data-testid="measurement-idempotency-key" />
      <input type="hidden" name="units" value={unitSystem} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${prefix}-date`}>{text.date}</label>
          {mode === "edit" ? (
            <input id={`${prefix}-date`} name="date" type="date" defaultValue={defaultDate} readOnly data-testid="measurement-input-date" />
          ) : (
            <input
              id={`${prefix}-date`}
              name="date"
              type="date"
              defaultValue={defaultDate}
              max={maxDate}
              required
              data-testid="measurement-input-date"
              {...inputProps("date")}
            />
          )}
        </div>
        {measurementFields.map((field: MeasurementField) => (
          <div className="field" key={field}>
            <label htmlFor={`${prefix}-${field}`}>
              {fieldLabels[locale][field].label} <span className="field-hint">({displayUnit(field, units)})</span>
            </label>
            <input
              id={`${prefix}-${field}`}
              name={field}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={shownText(field)}
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
      <FormStatus state={state} locale={locale} text={text} offlineText={offlineText} accountId={accountId} unitSystem={unitSystem} errorId={errorId} />
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

type FormStatusProps = {
  state: SaveMeasurementFormState;
  locale: Locale;
  text: Dictionary["measurements"];
  offlineText: OfflineText;
  accountId: string;
  unitSystem: UnitSystem;
  errorId: string;
};

/** The failure in the person's words, by its code (the tools' messages are written for models). */
function failureText(options: {
  state: Extract<SaveMeasurementFormState, { status: "failed" }>;
  date: string;
  text: Dictionary["measurements"];
  offlineText: OfflineText;
}): string {
  const { state, date, text, offlineText } = options;
  if (state.code === "bad_form") return text.invalidForm;
  if (state.code === "needs_network") return offlineText.editNeedsNetwork;
  if (state.code === "not_queued") return formatMessage(offlineText.notQueued, { date });
  if (state.code === "write_failed") return formatMessage(text.failures.writeFailed, { date });
  if (state.code === "outcome_unknown") return formatMessage(text.failures.outcomeUnknown, { date });
  return formatMessage(text.failures.other, { date });
}

function FormStatus({ state, locale, text, offlineText, accountId, unitSystem, errorId }: FormStatusProps) {
  const units = unitsOf(unitSystem);
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
          {formatMessage(state.created ? text.saved : text.updated, { date: formatCalendarDate(state.date, locale) })}
        </p>
      );
    case "queued":
      return (
        <QueuedFormStatus
          key={state.idempotencyKey}
          accountId={accountId}
          idempotencyKey={state.idempotencyKey}
          shownDate={formatCalendarDate(state.date, locale)}
          offlineText={offlineText}
        />
      );
    case "conflict":
      return (
        <p className="alert alert-warning" role="alert" data-testid="measurement-form-conflict">
          {formatMessage(text.conflict, {
            date: formatCalendarDate(state.date, locale),
            stored: formatValues(state.stored, { locale, units }),
            proposed: formatValues(state.proposed, { locale, units }),
          })}
        </p>
      );
    case "failed":
      return (
        <div className="alert alert-error" role="alert" data-testid="measurement-form-failure" data-error-code={state.code}>
          <p className="alert">{failureText({ state, date: state.date ? formatCalendarDate(state.date, locale) : "", text, offlineText })}</p>
          {state.code === "outcome_unknown" ? <p className="alert">{text.retryUnknown}</p> : null}
        </div>
      );
  }
}
