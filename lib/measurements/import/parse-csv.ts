// RFC 4180 CSV reading: quoted cells may hold commas, quotes ("") and line breaks, kept exactly as written. Fed text in
// chunks of any size (a streamed file), it gives each record with the file's line number where the record starts.

/** Thrown when a quoted cell never closes or text follows a closing quote; `line` is the file's line. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly code: "csv_unclosed_quote" | "csv_text_after_quote",
    readonly line: number,
  ) {
    super(code === "csv_unclosed_quote" ? `A quoted cell that starts on line ${line} never closes.` : `Line ${line}: text follows a closing quote.`);
  }
}

/** One record of the file and the line it starts on (the header is line 1). */
export type CsvRecord = { line: number; cells: string[] };

/** A push parser: `push` text as it arrives, `end` when the file is done; each returns the records completed so far. */
export class CsvReader {
  private cells: string[] = [];
  private cell = "";
  private line = 1;
  private recordLine = 1;
  private quoteLine = 0;
  /** outside: reading an unquoted cell; quoted: inside quotes; quote: a quote seen inside quotes; closed: after the closing quote. */
  private state: "outside" | "quoted" | "quote" | "closed" = "outside";
  private carriageReturn = false;

  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    for (let index = 0; index < text.length; index += 1) {
      const character = text[index] as string;
      if (this.carriageReturn) {
        this.carriageReturn = false;
        if (character === "\n") continue;
      }
      if (this.state === "quoted") {
        if (character === '"') this.state = "quote";
        else {
          if (character === "\n") this.line += 1;
          this.cell += character;
        }
        continue;
      }
      if (this.state === "quote") {
        if (character === '"') {
          this.cell += '"';
          this.state = "quoted";
          continue;
        }
        this.state = "closed";
      }
      if (character === '"' && this.state === "outside" && this.cell === "") {
        this.state = "quoted";
        this.quoteLine = this.line;
      } else if (character === ",") {
        this.endCell();
      } else if (character === "\r" || character === "\n") {
        this.carriageReturn = character === "\r";
        records.push(this.endRecord());
        this.line += 1;
        this.recordLine = this.line;
      } else if (this.state === "closed") {
        throw new CsvSyntaxError("csv_text_after_quote", this.line);
      } else {
        this.cell += character;
      }
    }
    return records;
  }

  end(): CsvRecord[] {
    if (this.state === "quoted") throw new CsvSyntaxError("csv_unclosed_quote", this.quoteLine);
    // A final line break ends the last line rather than starting an empty one.
    if (this.cell !== "" || this.cells.length > 0 || this.state !== "outside") return [this.endRecord()];
    return [];
  }

  private endCell() {
    this.cells.push(this.cell);
    this.cell = "";
    this.state = "outside";
  }

  private endRecord(): CsvRecord {
    this.endCell();
    const record = { line: this.recordLine, cells: this.cells };
    this.cells = [];
    return record;
  }
}

/** The whole text's records with their line numbers. */
export function parseCsvRecords(text: string): CsvRecord[] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}

/** The file's lines of cells. */
export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((record) => record.cells);
}
