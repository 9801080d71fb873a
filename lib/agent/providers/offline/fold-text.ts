// Lower-cases and strips accents without changing positions, so a match in the folded text slices the original.

/**
 * Folds "Março", "PESCOÇO" and "días" to "marco", "pescoco" and "dias". Each character keeps its length, so
 * indexes found in the folded text are valid in the (NFC) original; callers normalize to NFC first.
 */
export function foldText(text: string): string {
  let folded = "";
  for (const character of text) {
    const simple = character.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    folded += simple.length === character.length ? simple : character;
  }
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
