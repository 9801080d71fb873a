// Fitbit's Google Takeout weight-*.json files ([{ "weight", "bmi", "fat", "date": "MM/DD/YY", "time", "source" }]),
// one file or a Takeout zip holding them. The file has no unit, so the person's choice (kg or lb) comes in.
import { jsonElementLines } from "../json-element-lines";
import type { MassUnit } from "../../units";
import { calendarDate, massFactors, readWallClock, type FormatParser, type ImportItem } from "./reading";
import { choosingByFirstBytes, ZipEntryStream } from "./zip-entries";

const WEIGHT_FILE = /(^|\/)weight-[^/]*\.json$/;
const FITBIT_DATE = /^(\d{2})\/(\d{2})\/(\d{2})$/;
const chunksText = (chunks: Uint8Array[]) => new TextDecoder("utf-8").decode(Buffer.concat(chunks));

/** The readings of one weight-*.json file's text. */
export function readFitbitWeights(text: string, unit: MassUnit): ImportItem[] {
  let entries: unknown;
  try {
    entries = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return [{ problem: { code: "json_invalid", line: 0 } }];
  }
  if (!Array.isArray(entries)) return [{ problem: { code: "json_without_records", line: 0 } }];
  const lines = jsonElementLines(text, null);
  return entries.flatMap((entry: unknown, index): ImportItem[] => {
    const line = lines[index] ?? index + 1;
    if (entry === null || typeof entry !== "object") return [{ problem: { code: "record_not_object", line } }];
    const { weight, fat, date, time, source } = entry as Record<string, unknown>;
    const parts = FITBIT_DATE.exec(typeof date === "string" ? date : "");
    const day = parts ? calendarDate(2000 + Number(parts[3]), Number(parts[1]), Number(parts[2])) : null;
    const when = day ? readWallClock(`${day} ${typeof time === "string" ? time : "00:00:00"}`) : null;
    if (!when) return [{ problem: { code: "date_invalid", received: String(date ?? ""), example: "05/02/24", line } }];
    const from = `fitbit${typeof source === "string" && source !== "" ? `:${source}` : ""}`;
    const items: ImportItem[] = [];
    if (typeof weight === "number") {
      const provenance = { source: from, value: weight, unit, derived: false };
      items.push({ reading: { line, field: "weight_kg", value: weight * (massFactors[unit] ?? 1), ...when, provenance } });
    } else if (weight !== undefined) items.push({ problem: { code: "value_unreadable", field: "weight_kg", received: String(weight), line } });
    if (typeof fat === "number" && fat > 0)
      items.push({ reading: { line, field: "body_fat_pct", value: fat, ...when, provenance: { source: from, value: fat, unit: "%", derived: false } } });
    return items;
  });
}

function createFitbitZipParser(unit: MassUnit): FormatParser {
  const items: ImportItem[] = [];
  const zip = new ZipEntryStream({
    matches: (name) => WEIGHT_FILE.test(name),
    open: () => {
      const entry: Uint8Array[] = [];
      return (data, final) => {
        entry.push(data);
        if (final) items.push(...readFitbitWeights(chunksText(entry), unit));
      };
    },
  });
  return {
    push(chunk) {
      zip.push(chunk);
      return items.splice(0);
    },
    end() {
      zip.push(new Uint8Array(0), true);
      if (zip.entries === 0) return [{ problem: { code: "archive_invalid", expected: "weight-*.json", line: 0 } }];
      return items.splice(0);
    },
  };
}

/** One weight-*.json file: a month of readings, read whole once it has arrived. */
function createFitbitFileParser(unit: MassUnit): FormatParser {
  const chunks: Uint8Array[] = [];
  return {
    push(chunk) {
      chunks.push(chunk);
      return [];
    },
    end: () => readFitbitWeights(chunksText(chunks), unit),
  };
}

export function createFitbitParser(unit: MassUnit): FormatParser {
  return choosingByFirstBytes((zip) => (zip ? createFitbitZipParser(unit) : createFitbitFileParser(unit)));
}
