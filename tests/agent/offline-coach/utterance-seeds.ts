// What the utterance tables of every language share: the expected save call's shape and the records rows start from.
// Today is Tuesday 1 December 2026.

/** An expected save_measurement call: its date and values (and any other argument), before the row's result code. */
export const save = (date: string, values: Record<string, number>, extra: Record<string, unknown> = {}) =>
  ["save_measurement", { date, values, ...extra }] as const;
/** Three weigh-ins over the last month. */
export const weighs = { "2026-11-05": { weight_kg: 79 }, "2026-11-20": { weight_kg: 78.2 }, "2026-11-30": { weight_kg: 77.1 } };
/** A steady fortnight: a weigh-in every other day, down by about 0.15 kg each time. */
export const steady = {
  "2026-11-16": { weight_kg: 80 },
  "2026-11-18": { weight_kg: 79.8 },
  "2026-11-20": { weight_kg: 79.7 },
  "2026-11-22": { weight_kg: 79.5 },
  "2026-11-24": { weight_kg: 79.4 },
  "2026-11-26": { weight_kg: 79.2 },
  "2026-11-28": { weight_kg: 79 },
  "2026-11-30": { weight_kg: 78.9 },
};
/** A stored weight that a later save of another value for the same date meets (the conflict rows). */
export const conflictSeed = { "2020-01-04": { weight_kg: 76 } };
/** Today's weigh-in. */
export const today77 = { "2026-12-01": { weight_kg: 77 } };
