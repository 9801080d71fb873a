// Reads the rows of another app's SQLite file (SQLite's documented file format: pages, table b-trees, records) from
// any source that can read bytes at an offset, one page at a time: the browser's Web Worker has no SQLite, and an
// export far larger than memory is read without holding it. Read-only, rowid tables only (what Room writes).
import { columnsOfCreateTable } from "./sqlite-schema";

/** Bytes of the file at an offset (a File slice, a staged copy): a page at a time, so memory holds a page. */
export type ByteSource = { size: number; read(offset: number, length: number): Uint8Array };
export type SqliteValue = number | string | Uint8Array | null;
export type SqliteRow = { rowId: number; values: Record<string, SqliteValue> };

/** The file is not an SQLite database, or one this reader cannot read (damaged, an unknown page). */
export class SqliteFormatError extends Error {}

const MAGIC = "SQLite format 3\u0000";
const LEAF_TABLE = 0x0d;
const INTERIOR_TABLE = 0x05;

type Varint = { value: number; length: number };

/** SQLite's big-endian varint (1 to 9 bytes); rowids past 2^53 lose precision, which no export's rows reach. */
function readVarint(bytes: Uint8Array, at: number): Varint {
  let value = 0;
  for (let index = 0; index < 8; index += 1) {
    const byte = bytes[at + index] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, length: index + 1 };
  }
  return { value: value * 256 + (bytes[at + 8] ?? 0), length: 9 };
}

function readInteger(bytes: Uint8Array, at: number, length: number): number {
  let value = (bytes[at] ?? 0) & 0x80 ? -1 : 0;
  for (let index = 0; index < length; index += 1) value = value * 256 + (bytes[at + index] ?? 0);
  return value;
}

export class SqliteFile {
  private readonly pageSize: number;
  private readonly usable: number;
  private readonly pages: number;
  private readonly decoder: TextDecoder;

  constructor(private readonly source: ByteSource) {
    const header = source.size >= 100 ? source.read(0, 100) : new Uint8Array(0);
    if (new TextDecoder().decode(header.subarray(0, 16)) !== MAGIC) throw new SqliteFormatError("not an SQLite database");
    const rawPageSize = ((header[16] ?? 0) << 8) | (header[17] ?? 0);
    this.pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
    if (this.pageSize < 512 || (this.pageSize & (this.pageSize - 1)) !== 0) throw new SqliteFormatError("bad page size");
    this.usable = this.pageSize - (header[20] ?? 0);
    this.pages = Math.floor(source.size / this.pageSize);
    const encoding = readInteger(header, 56, 4);
    this.decoder = new TextDecoder(encoding === 2 ? "utf-16le" : encoding === 3 ? "utf-16be" : "utf-8");
  }

  private page(number: number): Uint8Array {
    if (number < 1 || number > this.pages) throw new SqliteFormatError(`page ${number} is outside the file`);
    return this.source.read((number - 1) * this.pageSize, this.pageSize);
  }

  /** A cell's whole payload: the part on its page, then the chain of overflow pages. */
  private payload(page: Uint8Array, at: number, size: number): Uint8Array {
    const most = this.usable - 35;
    if (size <= most) return page.subarray(at, at + size);
    const least = Math.floor(((this.usable - 12) * 32) / 255) - 23;
    const spill = least + ((size - least) % (this.usable - 4));
    const local = spill <= most ? spill : least;
    const whole = new Uint8Array(size);
    whole.set(page.subarray(at, at + local));
    let filled = local;
    let next = readInteger(page, at + local, 4) >>> 0;
    for (let hops = 0; filled < size; hops += 1) {
      if (next === 0 || hops > this.pages) throw new SqliteFormatError("broken overflow chain");
      const overflow = this.page(next);
      const take = Math.min(size - filled, this.usable - 4);
      whole.set(overflow.subarray(4, 4 + take), filled);
      filled += take;
      next = readInteger(overflow, 0, 4) >>> 0;
    }
    return whole;
  }

  /** A record's values in column order (serial types: NULL, integers, float, 0, 1, blob, text). */
  private record(payload: Uint8Array): SqliteValue[] {
    const headerSize = readVarint(payload, 0);
    const types: number[] = [];
    for (let at = headerSize.length; at < headerSize.value;) {
      const type = readVarint(payload, at);
      types.push(type.value);
      at += type.length;
    }
    const values: SqliteValue[] = [];
    let at = headerSize.value;
    const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
    for (const type of types) {
      if (type === 0) values.push(null);
      else if (type >= 1 && type <= 6) {
        const length = [0, 1, 2, 3, 4, 6, 8][type] as number;
        values.push(readInteger(payload, at, length));
        at += length;
      } else if (type === 7) {
        values.push(view.getFloat64(at));
        at += 8;
      } else if (type === 8 || type === 9) values.push(type - 8);
      else if (type >= 12) {
        const length = Math.floor((type - 12) / 2);
        const bytes = payload.subarray(at, at + length);
        values.push(type % 2 === 0 ? bytes : this.decoder.decode(bytes));
        at += length;
      } else throw new SqliteFormatError(`serial type ${type}`);
    }
    return values;
  }

  /** Every row of the table b-tree rooted at `root`, in rowid order, its values in column order. */
  *rawRows(root: number): Generator<{ rowId: number; values: SqliteValue[] }> {
    const stack = [root];
    let visited = 0;
    while (stack.length > 0) {
      const number = stack.pop() as number;
      if ((visited += 1) > this.pages) throw new SqliteFormatError("the b-tree loops");
      const page = this.page(number);
      const start = number === 1 ? 100 : 0;
      const kind = page[start];
      const cells = ((page[start + 3] ?? 0) << 8) | (page[start + 4] ?? 0);
      const pointerAt = (index: number, headerSize: number) =>
        ((page[start + headerSize + index * 2] ?? 0) << 8) | (page[start + headerSize + index * 2 + 1] ?? 0);
      if (kind === INTERIOR_TABLE) {
        // Children pushed in reverse, so the leftmost is read first: rows come out in rowid order.
        stack.push(readInteger(page, start + 8, 4) >>> 0);
        for (let index = cells - 1; index >= 0; index -= 1) stack.push(readInteger(page, pointerAt(index, 12), 4) >>> 0);
      } else if (kind === LEAF_TABLE) {
        for (let index = 0; index < cells; index += 1) {
          let at = pointerAt(index, 8);
          const size = readVarint(page, at);
          at += size.length;
          const rowId = readVarint(page, at);
          at += rowId.length;
          yield { rowId: rowId.value, values: this.record(this.payload(page, at, size.value)) };
        }
      } else throw new SqliteFormatError(`page ${number} is not a table b-tree page`);
    }
  }

  /** The tables the schema lists: name, root page and column names (a rowid alias's value is the rowid). */
  tables(): Map<string, { root: number; columns: string[]; rowIdAlias: string | null }> {
    const tables = new Map<string, { root: number; columns: string[]; rowIdAlias: string | null }>();
    for (const { values } of this.rawRows(1)) {
      const [type, name, , root, sql] = values;
      if (type !== "table" || typeof name !== "string" || typeof root !== "number" || typeof sql !== "string") continue;
      const schema = columnsOfCreateTable(sql);
      if (schema) tables.set(name, { root, ...schema });
    }
    return tables;
  }

  /** A table's rows by column name, or null when the file has no such table. */
  rows(table: string): Iterable<SqliteRow> | null {
    const found = this.tables().get(table);
    if (!found) return null;
    const rows = this.rawRows(found.root);
    return (function* () {
      for (const { rowId, values } of rows) {
        // A column added after a row was written is absent from its record: NULL, as SQLite reads it.
        const named: Record<string, SqliteValue> = {};
        found.columns.forEach((column, index) => (named[column] = column === found.rowIdAlias ? rowId : (values[index] ?? null)));
        yield { rowId, values: named };
      }
    })();
  }
}
