// RFC 4180 CSV reading: quoted cells may hold commas, quotes ("") and line breaks, kept exactly as written.

/** Thrown when a quoted cell never closes or text follows a closing quote; the message names the line. */
export class CsvSyntaxError extends Error {}

/** The file's lines of cells. A final line break ends the last line rather than starting an empty one. */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = "";
  let index = 0;
  let lineNumber = 1;
  let quotedCell = false;
  const endCell = () => {
    cells.push(cell);
    cell = "";
    quotedCell = false;
  };
  const endLine = () => {
    endCell();
    lines.push(cells);
    cells = [];
    lineNumber += 1;
  };
  while (index < text.length) {
    const character = text[index];
    if (character === '"' && cell === "" && !quotedCell) {
      const start = lineNumber;
      index += 1;
      for (;;) {
        if (index >= text.length) throw new CsvSyntaxError(`A quoted cell that starts on line ${start} never closes.`);
        if (text[index] === '"') {
          if (text[index + 1] === '"') {
            cell += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        if (text[index] === "\n") lineNumber += 1;
        cell += text[index];
        index += 1;
      }
      quotedCell = true;
      const next = text[index];
      if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") throw new CsvSyntaxError(`Line ${lineNumber}: text follows a closing quote.`);
      continue;
    }
    if (character === ",") {
      endCell();
      index += 1;
    } else if (character === "\r" && text[index + 1] === "\n") {
      endLine();
      index += 2;
    } else if (character === "\n") {
      endLine();
      index += 1;
    } else {
      cell += character;
      index += 1;
    }
  }
  if (cell !== "" || cells.length > 0 || quotedCell) endLine();
  return lines;
}
