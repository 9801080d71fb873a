// Text as SQLite will store it: SQLite keeps UTF-8, so a lone UTF-16 surrogate comes back as U+FFFD. Normalizing at the
// door makes what the model is sent and what a replay shows the same text.

const LONE_SURROGATE = /\p{Cs}/gu;

/** Replaces each lone surrogate with U+FFFD (String.prototype.toWellFormed, which Node 20's TypeScript lib lacks). */
export function toWellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

/** At most `max` code points, so a cut never splits a surrogate pair (an emoji) into a lone half. */
export function truncateCodePoints(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join("");
}

/** C0 and C1 control characters and DEL, except tab and newline (which a pasted name may hold). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

/** True when text a person typed as a name holds a control character other than tab and newline (NUL, ESC, CR...). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}
