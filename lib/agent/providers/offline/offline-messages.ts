// The offline coach's answer texts in English, Spanish and Portuguese. Arguments arrive already formatted.
import type { Locale } from "../../../i18n/locale";
import type { MeasurementField } from "../../../measurements/fields";
import { englishMessages } from "./messages/english-messages";
import { portugueseMessages } from "./messages/portuguese-messages";
import { spanishMessages } from "./messages/spanish-messages";

export type OfflineMessages = {
  fieldLabels: Record<MeasurementField, string>;
  monthNames: readonly string[];
  formatDate: (parts: { day: number; month: string; year: number }) => string;
  decimalSeparator: "." | ",";
  percentSign: "%" | " %";
  recordOn: (date: string, values: string) => string;
  recordWithoutValues: (date: string) => string;
  note: (note: string) => string;
  noRecordOn: (date: string) => string;
  noRecordOnEither: (first: string, second: string) => string;
  /** Scopes a missing record: no record on a date is not "no records". */
  otherDatesUnknown: string;
  unreadable: (date: string) => string;
  fallbackNotTried: (date: string) => string;
  rangeRecords: (from: string, to: string, count: number) => string;
  rangeEarlierOmitted: (count: number) => string;
  rangeEmpty: (from: string, to: string) => string;
  rangeMaybeIncomplete: string;
  rangeUnreadable: (from: string, to: string) => string;
  rangeNarrowed: (maxDays: number) => string;
  saved: (date: string, values: string) => string;
  savedOnExistingRecord: (date: string, values: string) => string;
  replaced: (date: string, values: string) => string;
  conflictQuestion: (options: { date: string; stored?: string; requested: string }) => string;
  writeFailed: (date: string) => string;
  outcomeUnknown: (date: string) => string;
  stopped: string;
  rejected: (reason?: string) => string;
  nothingToReplace: string;
  keptStoredValue: string;
  help: string;
};

export const offlineMessages: Record<Locale, OfflineMessages> = {
  en: englishMessages,
  es: spanishMessages,
  pt: portugueseMessages,
};
