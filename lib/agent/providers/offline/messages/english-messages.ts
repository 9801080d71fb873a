// English answer texts of the offline coach.
import type { OfflineMessages } from "../offline-messages";

const records = (count: number) => (count === 1 ? "1 record" : `${count} records`);

export const englishMessages: OfflineMessages = {
  fieldLabels: {
    weight_kg: "weight",
    body_fat_pct: "body fat",
    neck_cm: "neck",
    chest_cm: "chest",
    waist_cm: "waist",
    hips_cm: "hips",
    biceps_cm: "biceps",
    quadriceps_cm: "quadriceps",
    calf_cm: "calf",
    height_cm: "height",
  },
  monthNames: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  formatDate: ({ day, month, year }) => `${day} ${month} ${year}`,
  decimalSeparator: ".",
  percentSign: "%",
  recordOn: (date, values) => `On ${date} you have: ${values}.`,
  recordWithoutValues: (date) => `There is a record for ${date}, but it holds no values.`,
  note: (note) => `Note: "${note}".`,
  noRecordOn: (date) => `There is no measurement record for ${date}.`,
  noRecordOnEither: (first, second) =>
    `There is no measurement record for ${first} or for ${second}.`,
  otherDatesUnknown: "That says nothing about other dates.",
  unreadable: (date) =>
    `I can't read your measurements for ${date} right now, so what is stored for that date is unknown. It may well have a record; please try again later.`,
  fallbackNotTried: (date) => `I did not look up ${date}, because the first date may still have a record.`,
  rangeRecords: (from, to, count) => `From ${from} to ${to} you have ${records(count)}:`,
  rangeEarlierOmitted: (count) => `…and ${records(count)} before these.`,
  rangeEmpty: (from, to) => `There are no measurement records from ${from} to ${to}: the whole range was read and it is empty.`,
  rangeMaybeIncomplete: "This list may be incomplete.",
  rangeUnreadable: (from, to) =>
    `I can't read your measurements from ${from} to ${to} right now, so what is stored there is unknown. Please try again later.`,
  rangeNarrowed: (maxDays) => `That range is longer than I can list at once (at most ${maxDays} days), so I listed the most recent part.`,
  saved: (date, values) => `Saved for ${date}: ${values}.`,
  savedOnExistingRecord: (date, values) => `${date} already had a record; it now holds ${values}.`,
  replaced: (date, values) => `Replaced. ${date} now holds ${values}.`,
  conflictQuestion: ({ date, stored, requested }) =>
    `${stored ? `${date} already has ${stored} stored` : `${date} already holds a different value`}, and you asked to save ${requested}. ` +
    `Do you want me to replace it? Reply "yes, replace it" to confirm.`,
  writeFailed: (date) => `The save for ${date} failed and nothing was stored. You can try again.`,
  outcomeUnknown: (date) =>
    `I can't confirm whether the save for ${date} completed. I have not repeated it to avoid a duplicate; check your measurements before asking again.`,
  stopped: "I couldn't complete that request, so I stopped here.",
  rejected: (reason) => (reason ? `The request was rejected and I could not correct it (${reason}).` : "The request was rejected and I could not correct it."),
  nothingToReplace: `There is no pending change to replace. Tell me what to save, for example "save weight 77.4 kg for 2020-01-04".`,
  keptStoredValue: "OK, I left the stored value as it was.",
  help: [
    "I'm Palestra's offline coach: a rule-based helper, not a language model. I can:",
    `- read a date: "what did I weigh on 2 January 2020?"`,
    `- read with a fallback: "what did I weigh on 2 January 2020? if there is nothing, try the 1st"`,
    `- save values: "I weighed 77.4 kg this morning", "save waist 82 cm for 2020-01-04, note: after holidays"`,
    `- list a range: "show my measurements from 2020-01-01 to 2020-01-31", "list January 2020", "last 30 days"`,
    `- replace a stored value after I ask: "yes, replace it"`,
  ].join("\n"),
};
