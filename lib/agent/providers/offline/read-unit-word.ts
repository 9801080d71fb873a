// The unit written after a number ("77,4 kg", "170 lbs", "32 in", "5'10\"", "5 pies 10 pulgadas", "18 %"), or a unit
// the coach does not know ("77 stone-ish", "77 kgs"), which it asks about instead of guessing.

/** How a value was written: its unit, or feet (and inches) for a height. */
export type WrittenUnit = "kg" | "lb" | "cm" | "in" | "%" | "ft";

export type UnitWord = { kind: "unit"; unit: WrittenUnit; end: number; inches?: number } | { kind: "unknown"; text: string; end: number } | { kind: "none" };

const number = "(\\d+(?:[.,]\\d+)?)";
const feet = "(?:ft|feet|foot|pies?|pes?)(?![\\p{L}])|['’′]";
const inches = "(?:inch(?:es)?|in|pulgadas?|polegadas?)(?![\\p{L}])|\"|”|″|''|’’";
// "5 ft 10 in", "5'10\"", "5 pies y 10 pulgadas", "5 pés e 10 polegadas", "5 ft".
const feetAndInches = new RegExp(`^\\s*(?:${feet})\\s*(?:(?:and|y|e)\\s+)?(?:${number}\\s*(?:${inches})?)?`, "u");
const knownUnits: Array<[RegExp, WrittenUnit]> = [
  [/^\s*(?:kg|kilos?|kilogram(?:me)?s?|kilogramos?|quilos?|quilogramas?)(?![\p{L}])/u, "kg"],
  [/^\s*(?:lbs?|pounds?|libras?)(?![\p{L}])/u, "lb"],
  [/^\s*(?:cm|centimet(?:er|re|ro)s?)(?![\p{L}])/u, "cm"],
  // "in" is a unit only where a preposition could not stand: "32 in", "32 in, hips", not "77 in the morning".
  [/^\s*(?:inch(?:es)?|pulgadas?|polegadas?)(?![\p{L}])|^\s*in(?=\s*(?:$|[,;.!?)]|(?:and|y|e)\b|\d))|^\s*(?:"|”|″|''|’’)/u, "in"],
  [/^\s*(?:%|percent|per cent|por ciento|por cento)(?![\p{L}])/u, "%"],
];
/** Units of other systems, or other spellings, that the coach must not take for kilograms, pounds or centimetres. */
const otherUnits =
  /^\s*(?:st|stones?|oz|ounces?|onzas?|oncas?|g|grs?|grams?|gramos?|gramas?|mg|mm|mil+imet(?:er|re|ro)s?|m|mts?|met(?:er|re|ro)s?|yds?|yards?|kgs|kgr|kgrs|kilogs?|libs?|pds?|km|mi)(?![\p{L}])/u;
/** A word glued to the number ("77kgz") or an approximation suffix ("77ish", "77 stone-ish"). */
const gluedWord = /^[\p{L}][\p{L}-]*/u;
const ishWord = /^\s*[\p{L}-]*-?ish(?![\p{L}])/u;

/** Reads the unit at `position` of a folded text (right after a number). */
export function readUnitWord(folded: string, position: number): UnitWord {
  const rest = folded.slice(position);
  const glued = gluedWord.exec(rest);
  const ish = ishWord.exec(rest);
  if (ish) return { kind: "unknown", text: ish[0].trim(), end: position + ish[0].length };
  for (const [pattern, unit] of knownUnits) {
    const match = pattern.exec(rest);
    if (match) return { kind: "unit", unit, end: position + match[0].length };
  }
  const feetMatch = feetAndInches.exec(rest);
  if (feetMatch) {
    const inchesValue = feetMatch[1] === undefined ? 0 : Number(feetMatch[1].replace(",", "."));
    return { kind: "unit", unit: "ft", inches: inchesValue, end: position + feetMatch[0].length };
  }
  // A word after a space is a unit only when it is one we know of; glued to the number it always is one.
  const other = otherUnits.exec(rest) ?? glued;
  return other ? { kind: "unknown", text: other[0].trim(), end: position + other[0].length } : { kind: "none" };
}
