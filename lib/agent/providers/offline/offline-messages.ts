// The offline coach's answer texts in English, Spanish and Portuguese. Arguments arrive already formatted (dates and
// numbers through Intl), so a text never shows a field key, JSON or a raw ISO date.
import type { Locale } from "../../../i18n/locale";
import type { MeasurementField } from "../../../measurements/fields";
import { englishMessages } from "./messages/english-messages";
import { portugueseMessages } from "./messages/portuguese-messages";
import { spanishMessages } from "./messages/spanish-messages";

/** A date the coach cannot use: what it asks or explains, and why (nothing is saved or read). */
export type ClarificationMessages = {
  unknownDate: (text: string) => string;
  /** A misspelt date word and the reading it most likely stands for ("yesterday", "3 December 2026"). */
  misspelledDate: (text: string, date: string, suggestion?: string) => string;
  /** A day and month without a year that is still ahead this year, and last year's same day. */
  futureYearless: (future: string, lastYear: string) => string;
  /** The person said no to a question: nothing was saved. */
  declinedQuestion: string;
  ambiguousDate: (text: string, first: string, second: string) => string;
  impossibleDate: (text: string) => string;
  futureWithoutDay: (text: string) => string;
  severalDates: (dates: string) => string;
  rangeInSave: (text: string) => string;
  unknownUnit: (text: string) => string;
  unitMismatch: (label: string, text: string) => string;
  noField: (text: string) => string;
  twoValues: (label: string, texts: string) => string;
  mixedUnits: (dimension: "mass" | "length") => string;
  relativeChange: (text: string) => string;
  approximate: (text: string) => string;
};

/** A refusal from the tool, told in plain words (from its code and details, never its prose). */
export type RejectionMessages = {
  futureSave: (date: string, today: string) => string;
  futureRead: (date: string, today: string) => string;
  outOfRange: (options: { label: string; min: string; max: string; sent: string }) => string;
  tooPrecise: (label: string, sent: string) => string;
  notANumber: (label: string, sent: string) => string;
  unknownMeasurement: (names: string) => string;
  dateNotUnderstood: (sent: string) => string;
  rejected: string;
};

export type OfflineMessages = ClarificationMessages &
  RejectionMessages & {
    fieldLabels: Record<MeasurementField, string>;
    /** A field as the subject of a sentence ("el peso", "a cintura"); refusals start with it. */
    fieldSubjects: Record<MeasurementField, string>;
    percentSign: "%" | " %";
    /** Quotes the person's own words in a sentence. */
    quote: (text: string) => string;
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
    /** `today`: the message named no date, so the answer says the save is for today. */
    saved: (date: string, values: string, today: boolean) => string;
    /** Fields added to a day that had others: what was added, and what stays as it was. */
    addedToRecord: (options: { date: string; today: boolean; added: string; unchanged?: string }) => string;
    /** Every value asked for was already stored: nothing changed. */
    alreadySaved: (options: { date: string; today: boolean; values: string }) => string;
    /** `changes`: each replaced value, "weight 80.2 kg with 79.5 kg" (see replacedValue). */
    replaced: (date: string, changes: string) => string;
    replacedValue: (options: { label: string; from: string; to: string }) => string;
    conflictQuestion: (options: { date: string; today: boolean; stored?: string; requested: string }) => string;
    writeFailed: (date: string) => string;
    outcomeUnknown: (date: string) => string;
    stopped: string;
    cannotDelete: string;
    nothingToConfirm: string;
    keptStoredValue: string;
    /** Buttons under questions: each is a message a person could type. */
    replaceButton: (changes: string) => string;
    keepButton: (values: string) => string;
    yes: string;
    no: string;
    greeting: string;
    thanks: string;
    /** What the coach can do, with one example on a recent day ("28 November"): never a fixed year. */
    help: (recentDay: string) => string;
  };

export const offlineMessages: Record<Locale, OfflineMessages> = {
  en: englishMessages,
  es: spanishMessages,
  pt: portugueseMessages,
};
