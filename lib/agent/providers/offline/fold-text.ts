// Lower-cases and strips accents without changing positions, so a match in the folded text slices the original.

const NOT_ASCII = /[^\u0000-\u007f]/;

/** Each character folded so far outside ASCII: the offline coach folds every message and every reply several times. */
const foldedCharacters = new Map<string, string>();
const MAX_REMEMBERED = 4_096;

/** One character folded, or kept as it is when folding would change its length ("İ" lower-cases to two). */
function foldCharacter(character: string): string {
  let folded = foldedCharacters.get(character);
  if (folded === undefined) {
    const simple = character.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    folded = simple.length === character.length ? simple : character;
    if (foldedCharacters.size < MAX_REMEMBERED) foldedCharacters.set(character, folded);
  }
  return folded;
}

/**
 * Folds "Março", "PESCOÇO" and "días" to "marco", "pescoco" and "dias". Each character keeps its length, so
 * indexes found in the folded text are valid in the (NFC) original; callers normalize to NFC first. ASCII text is only
 * lower-cased (what folding does to each of its characters), without a pass per character.
 */
export function foldText(text: string): string {
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  let folded = "";
  for (const character of text) folded += character.charCodeAt(0) < 0x80 ? character.toLowerCase() : foldCharacter(character);
  return folded;
}

/** Escapes a literal for use inside a regular expression. */
export function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** An alternation of words, longest first so "septiembre" wins over "sep". */
export function alternationOf(words: Iterable<string>): string {
  return [...new Set(words)]
    .sort((left, right) => right.length - left.length)
    .map(escapeForPattern)
    .join("|");
}
