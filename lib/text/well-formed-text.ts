// Text as SQLite will store it (UTF-8, where a lone UTF-16 surrogate becomes U+FFFD): cut without splitting a pair, and
// checked for control characters. A turn's message is made well-formed at the door with String.prototype.toWellFormed.

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
