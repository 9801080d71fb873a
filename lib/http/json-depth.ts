// How deeply a parsed JSON value nests, measured without recursion: JSON.parse accepts any depth, but JSON.stringify,
// zod and React's reply decoder recurse, so a 100,000-deep value would overflow the stack (an internal RangeError)
// far from the door. Every body is measured at the door instead and refused in our own words.

/** Deeper than any request Palestra takes (a tool call's arguments are two levels). */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests objects or arrays more than `maxDepth` levels deep. */
export function exceedsJsonDepth(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (pending.length > 0) {
    const next = pending.pop() as { value: unknown; depth: number };
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth > maxDepth) return true;
    for (const child of Object.values(next.value)) if (child !== null && typeof child === "object") pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/** The same measure on JSON text, by brackets outside strings, for bodies this server does not parse itself. */
export function jsonTextExceedsDepth(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === "\\") index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === "{" || character === "[") {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (character === "}" || character === "]") depth -= 1;
  }
  return false;
}
