// English answer texts of the offline coach.
import type { OfflineMessages } from "../offline-messages";

const records = (count: number) => (count === 1 ? "1 record" : `${count} records`);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
  fieldSubjects: {
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
  quote: (text) => `"${text}"`,
  percentSign: "%",
  recordOn: (date, values) => `On ${date} you have: ${values}.`,
  recordWithoutValues: (date) => `There is a record for ${date}, but it holds no values.`,
  note: (note) => `Note: "${note}".`,
  noRecordOn: (date) => `There is no measurement record for ${date}.`,
  noRecordOnEither: (first, second) => `There is no measurement record for ${first} or for ${second}.`,
  otherDatesUnknown: "That says nothing about other dates.",
  unreadable: (date) =>
    `I can't read your measurements for ${date} right now, so what is stored for that date is unknown. It may well have a record; please try again later.`,
  fallbackNotTried: (date) => `I did not look up ${date}, because the first date may still have a record.`,
  rangeRecords: (from, to, count) => `From ${from} to ${to} you have ${records(count)}:`,
  rangeEarlierOmitted: (count) => `…and ${records(count)} before these.`,
  rangeEmpty: (from, to) => `There are no measurement records from ${from} to ${to}: the whole range was read and it is empty.`,
  rangeMaybeIncomplete: "This list may be incomplete.",
  rangeUnreadable: (from, to) => `I can't read your measurements from ${from} to ${to} right now, so what is stored there is unknown. Please try again later.`,
  rangeNarrowed: (maxDays) => `That range is longer than I can list at once (at most ${maxDays} days), so I listed the most recent part.`,
  saved: (date, values, today) => `Saved for ${today ? `today, ${date}` : date}: ${values}.`,
  addedToRecord: ({ date, today, added, unchanged }) =>
    `Added ${added} to ${today ? `today, ${date}` : date}${unchanged ? `; ${unchanged} ${unchanged.includes(",") ? "are" : "is"} unchanged` : ""}.`,
  alreadySaved: ({ date, today, values }) => `Already saved: ${today ? `today, ${date},` : date} holds ${values}. Nothing changed.`,
  replaced: (date, changes) => `Replaced ${changes} on ${date}.`,
  replacedValue: ({ label, from, to }) => `${label} ${from} with ${to}`,
  conflictQuestion: ({ date, today, stored, requested }) =>
    `${today ? `Today, ${date},` : date} ${stored ? `already has ${stored}` : "already holds a different value"}; you asked to save ${requested}. ` +
    `Do you want me to replace it? Reply "yes, replace it" to confirm, or "keep it" to leave it as it is.`,
  writeFailed: (date) => `The save for ${date} failed and nothing was stored. You can try again.`,
  outcomeUnknown: (date) =>
    `I can't confirm whether the save for ${date} completed. I have not repeated it to avoid a duplicate; check your measurements before asking again.`,
  stopped: "I couldn't complete that request, so I stopped here.",
  futureSave: (date, today) => `I can't record a measurement for ${date}: that date is in the future (today is ${today}). Nothing was saved.`,
  futureRead: (date, today) => `${date} is in the future (today is ${today}), so there can be no measurements for it yet.`,
  outOfRange: ({ label, min, max, sent }) => `${capitalize(label)} must be between ${min} and ${max}; you sent ${sent}. Nothing was saved.`,
  tooPrecise: (label, sent) => `${capitalize(label)} can have at most one decimal; you sent ${sent}. Nothing was saved.`,
  notANumber: (label, sent) => `${capitalize(label)} must be a number, and I could not read one in "${sent}". Nothing was saved.`,
  unknownMeasurement: (names) => `I don't know the measurement "${names}", so nothing was saved.`,
  dateNotUnderstood: (sent) => `I could not use "${sent}" as a date, so I did nothing. Please tell me the day and the month's name.`,
  rejected: "That request was refused and I could not fix it, so nothing was changed.",
  misspelledDate: (text, date, suggestion) => `I don't know the date "${text}", so I did nothing. Did you mean ${suggestion ? `${suggestion}, ` : ""}${date}?`,
  futureYearless: (future, lastYear) => `${future} is in the future, so I did nothing. Did you mean ${lastYear}?`,
  declinedQuestion: "OK, I saved nothing. Tell me the date or the value again when you like.",
  unknownDate: (text) =>
    `I don't know which day "${text}" is, so I did nothing. Please tell me the date, for example "yesterday", "last Friday" or the day and the month's name.`,
  ambiguousDate: (text, first, second) =>
    `"${text}" could be ${first} or ${second}, so I did nothing. Which one do you mean? Writing the month's name avoids the doubt.`,
  impossibleDate: (text) => `"${text}" is not a date that exists, so I did nothing. Please check the day and the month.`,
  futureWithoutDay: (text) => `I can't record or look up measurements in the future ("${text}"). Tell me a day up to today.`,
  severalDates: (dates) => `Your message names more than one day (${dates}), so I saved nothing. Please send one day per message.`,
  rangeInSave: (text) => `"${text}" is a period, not a day, so I saved nothing. Which day was it?`,
  unknownUnit: (text) => `I don't know the unit in "${text}", so I saved nothing. Please give weights in kg or lb and lengths in cm or inches.`,
  unitMismatch: (label, text) => `"${text}" is not a unit for ${label}, so I saved nothing. Please check the value and its unit.`,
  noField: (text) => `I couldn't tell which measurement "${text}" is, so I saved nothing. Please name it, for example "waist ${text}".`,
  twoValues: (label, texts) => `You gave more than one value for ${label} (${texts}), so I saved nothing. Which one should I save?`,
  mixedUnits: (dimension) =>
    dimension === "mass"
      ? "Please give all weights in one message in the same unit (kg or lb); I saved nothing."
      : "Please give all lengths in one message in the same unit (cm or inches); I saved nothing.",
  relativeChange: (text) => `I record measurements, not changes ("${text}"), so I saved nothing. Tell me the measurement itself and I will save it.`,
  approximate: (text) => `"${text}" is not one value, so I saved nothing. Which exact value should I save?`,
  cannotDelete: "I can't delete measurements from the chat, and I changed nothing. You can delete a record on the Measurements page.",
  nothingToConfirm: `There is nothing to confirm: my previous message did not ask to replace a value. Tell me what to save instead.`,
  keptStoredValue: "OK, I left the stored value as it was.",
  replaceButton: (changes) => `Replace ${changes}`,
  keepButton: (values) => `Keep ${values}`,
  yes: "Yes",
  no: "No",
  greeting: "Hi! Tell me a measurement to save, or ask how you are doing.",
  thanks: "You're welcome!",
  help: (recentDay) =>
    [
      "I'm Palestra's built-in coach, a rule-based helper (no AI model). I can save your measurements, read a date, list a period " +
        '(for example "last week") and tell you how a measurement changed ("how am I doing?"). I can\'t delete records here.',
      `For example: "I weighed 77.4 kg on ${recentDay}".`,
    ].join("\n"),
};
