// One reading found in another app's export, normalized: the metric field and value (not yet rounded), the calendar
// day in the reading's own offset, the instant (for ordering and de-duplication), and where the value came from.
import { CENTIMETRES_PER_INCH, KILOGRAMS_PER_POUND } from "../../units";
import type { MeasurementField } from "../../fields";
import type { ImportProblem } from "../import-problem";

export type Provenance = { source: string; value: number; unit: string; derived: boolean };

export type Reading = {
  /** The file's line (or, for a database, the record's row id) that holds it. */
  line: number;
  field: MeasurementField;
  value: number;
  localDate: string;
  /** Milliseconds since the epoch; for a file without offsets, the wall clock read as if it were UTC. */
  instant: number;
  provenance: Provenance;
};

/** What a format parser gives as it reads: readings, and problems found on the way (all or nothing: any problem stops the import). */
export type ImportItem = { reading: Reading } | { problem: ImportProblem };

/** A push parser: bytes in as they arrive, items out; `end` when the input is done. */
export type FormatParser = { push(chunk: Uint8Array): ImportItem[]; end(): ImportItem[] };

export const massFactors: Record<string, number> = { kg: 1, lb: KILOGRAMS_PER_POUND, g: 0.001 };
export const lengthFactors: Record<string, number> = { cm: 1, in: CENTIMETRES_PER_INCH, m: 100, ft: 12 * CENTIMETRES_PER_INCH, mm: 0.1 };

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The calendar day of an instant seen at a UTC offset (minutes east of UTC). */
export function localDateAt(instant: number, offsetMinutes: number): string {
  const local = new Date(instant + offsetMinutes * 60_000);
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** A real calendar date from its parts, or null (2024-02-30 is not one). */
export function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?(?:\s*([+-])(\d{2}):?(\d{2}))?$/;

/** "2024-05-02 07:00:00 -0700", "2024-05-02 07:00", "2024-05-02": the day as written (the reading's own) and the instant. */
export function readWallClock(text: string): { localDate: string; instant: number } | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hours = "0", minutes = "0", seconds = "0", sign, offsetHours = "0", offsetMinutes = "0"] = match;
  const localDate = calendarDate(Number(year), Number(month), Number(day));
  if (!localDate || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const offset = (sign === "-" ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds));
  return { localDate, instant: wall - offset * 60_000 };
}

/** A number as a file writes it ("77.4", " 77,4" is not one), or null. */
export function readNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const trimmed = text.trim();
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}
