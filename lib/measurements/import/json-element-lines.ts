// The file's line on which each element of a top-level member's array starts ({"records": [ ... ]}), or of the
// top-level array itself (member null), so that a JSON file's problems are numbered by its lines as a CSV file's are.
// The text is already known to be valid JSON.

const WHITESPACE = new Set([" ", "\t", "\r", "\n"]);

export function jsonElementLines(text: string, member: string | null): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = 0;
  let lastString = "";
  let key = "";
  let arrayDepth = -1;
  let expectingElement = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (character === "\n") line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (character === "\\") escaped = true;
      else if (character === '"') {
        inString = false;
        lastString = text.slice(stringStart, index);
      }
      continue;
    }
    if (depth === arrayDepth && expectingElement && !WHITESPACE.has(character) && character !== "]") {
      lines.push(line);
      expectingElement = false;
    }
    if (character === '"') {
      inString = true;
      stringStart = index + 1;
    } else if (character === ":" && depth === 1) {
      key = lastString;
    } else if (character === "{" || character === "[") {
      depth += 1;
      const opensTheArray = member === null ? depth === 1 : depth === 2 && key === member;
      if (character === "[" && opensTheArray && arrayDepth === -1) {
        arrayDepth = depth;
        expectingElement = true;
      }
    } else if (character === "}" || character === "]") {
      if (depth === arrayDepth) arrayDepth = -2;
      depth -= 1;
    } else if (character === ",") {
      if (depth === arrayDepth) expectingElement = true;
      if (depth === 1) key = "";
    }
  }
  return lines;
}
