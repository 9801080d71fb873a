// Cuts a text into the small pieces a streaming API would send, so clients must really concatenate deltas.

/** By words (each keeps its trailing spaces), or by `size` characters; never splits a character in two. */
export function splitIntoDeltas(text: string, options: { size?: number } = {}): string[] {
  if (text === "") return [];
  if (!options.size) return text.match(/\s*\S+\s*/gu) ?? [text];
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; start += options.size) pieces.push(characters.slice(start, start + options.size).join(""));
  return pieces;
}

/** A rough token count for fake usage figures: about four characters a token. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
