// The numbers a text states, each with the readings its notation allows ("77,4" is 77.4; "1.234" may be 1234 or
// 1.234), and the number of decimals it was written with, so a comparison can allow for rounding.

export type StatedNumber = { text: string; readings: { value: number; decimals: number }[] };

// Identifiers carry digits that state nothing: trace ids, idempotency keys, UUIDs.
const identifierPattern = /\b(?:trc|tc)_[0-9a-z_-]+|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/giu;
// Digits not glued to a letter or another digit before them ("v2" and "x86" are names, "1st" and "76kg" are numbers).
const numberPattern = /(?<![\p{L}\p{N}_])\d+(?:[.,]\d+)*/gu;

function readingsOf(token: string): { value: number; decimals: number }[] {
  const groups = token.split(/[.,]/);
  if (groups.length === 1) return [{ value: Number(token), decimals: 0 }];
  const readings: { value: number; decimals: number }[] = [];
  if (groups.length === 2) {
    const [whole = "", fraction = ""] = groups;
    readings.push({ value: Number(`${whole}.${fraction}`), decimals: fraction.length });
  }
  // Thousands grouping ("1,234", "1.234.567"): every group after the first has three digits.
  if (groups.slice(1).every((group) => group.length === 3)) readings.push({ value: Number(groups.join("")), decimals: 0 });
  // Neither reading fits ("1.2.3", a version or a list): each group is a number of its own.
  if (readings.length === 0) for (const group of groups) readings.push({ value: Number(group), decimals: 0 });
  return readings;
}

/** Every number the text states, in order. Signs are ignored: "-0.4 kg" states 0.4, and dates are not subtractions. */
export function extractNumbers(text: string): StatedNumber[] {
  const cleaned = text.replace(identifierPattern, " ");
  return [...cleaned.matchAll(numberPattern)].map((match) => ({ text: match[0], readings: readingsOf(match[0]) }));
}
