// What the coach says when it asks instead of guessing: the date or value it could not use, in plain words.
import type { Locale } from "../../../i18n/locale";
import type { Clarification } from "./find-clarification";
import { formatDate } from "./format-measurements";
import { offlineMessages } from "./offline-messages";

export function describeClarification({ question, locale }: { question: Clarification; locale: Locale }): string {
  const messages = offlineMessages[locale];
  switch (question.kind) {
    case "unknown_date":
      return messages.unknownDate(question.text);
    case "misspelled_date":
      if (!question.suggestion || !question.reading) return messages.unknownDate(question.text);
      // "10 Novmber": the date itself says it all ("Did you mean 10 November 2026?").
      return messages.misspelledDate(question.text, formatDate(question.reading, locale), /\d/.test(question.suggestion) ? undefined : question.suggestion);
    case "future_yearless":
      return messages.futureYearless(formatDate(question.future, locale), formatDate(question.lastYear, locale));
    case "ambiguous_date":
      return messages.ambiguousDate(question.text, formatDate(question.readings[0] ?? "", locale), formatDate(question.readings[1] ?? "", locale));
    case "impossible_date":
      return messages.impossibleDate(question.text);
    case "future_without_day":
      return messages.futureWithoutDay(question.text);
    case "several_dates":
      return messages.severalDates(question.texts.map((text) => messages.quote(text)).join(", "));
    case "range_in_save":
      return messages.rangeInSave(question.text);
    case "unknown_unit":
      return messages.unknownUnit(question.text);
    case "unit_mismatch":
      return messages.unitMismatch(messages.fieldLabels[question.field], question.text);
    case "no_field":
      return messages.noField(question.text);
    case "two_values":
      return messages.twoValues(messages.fieldLabels[question.field], question.texts.join(", "));
    case "mixed_units":
      return messages.mixedUnits(question.dimension);
    case "relative_change":
      return messages.relativeChange(question.text);
    case "approximate":
      return messages.approximate(question.text);
  }
}
