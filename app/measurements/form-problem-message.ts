// What the add/edit form says about an invalid entry, in people's words: the field's label and the person's units,
// never the contract's field keys or the model-facing "Send 77.4." advice that the Coach's tools give.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { describeReceived } from "@/lib/outcome/argument-problem";
import type { ArgumentProblem } from "@/lib/measurements/validation";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { MAX_NOTE_LENGTH, type MeasurementField } from "@/lib/measurements/fields";
import { displayRange, type Units } from "@/lib/measurements/display-units";

type ProblemOptions = {
  locale: Locale;
  text: Dictionary["measurements"];
  units: Units;
  /** What the person typed in each value input, so the message quotes it and not the converted number. */
  typed: Partial<Record<MeasurementField, string>>;
};

export function formProblemMessage(problem: ArgumentProblem, options: ProblemOptions): string {
  const { locale, text, units, typed } = options;
  const problems = text.problems;
  switch (problem.kind) {
    case "field_value": {
      const range = displayRange(problem.field, units);
      return formatMessage(problems.fieldValue, {
        field: fieldLabels[locale][problem.field].label,
        min: formatNumber(range.min, locale),
        max: formatNumber(range.max, locale),
        unit: range.unit,
        received: typed[problem.field] ?? describeReceived(problem.received),
      });
    }
    case "missing_argument":
      return problems.dateMissing;
    case "date_format":
      return formatMessage(problems.dateFormat, { received: describeReceived(problem.received) });
    case "future_date":
      return formatMessage(problems.futureDate, { today: formatCalendarDate(problem.today, locale) });
    case "values_required":
      return problems.valuesRequired;
    case "note_invalid":
      return formatMessage(problems.noteTooLong, { max: formatNumber(MAX_NOTE_LENGTH, locale) });
    case "note_malformed":
      return problems.noteMalformed;
    case "unknown_tool":
    case "not_object":
    case "unknown_argument":
    case "range_order":
    case "unknown_field":
    case "boolean_argument":
    case "fields_invalid":
      return problems.other;
    // Problems of the tools' other arguments (units, for one) never come from this form's fields.
    default:
      return problems.other;
  }
}
