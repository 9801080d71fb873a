// `npm run admin -- import --email E --format F [options] FILE`: one account's history from a file on disk, streamed
// (memory stays flat however large the export), through the same reading, rules and idempotent import as the API.
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import { importMeasurements, previewImport } from "@/lib/measurements/import/import-measurements";
import { createFormatParser } from "@/lib/measurements/import/create-format-parser";
import { importFormats, readForeignImportOptions, type ImportFormat } from "@/lib/measurements/import/import-options";
import type { ImportRow } from "@/lib/measurements/import/import-row";
import { importProblemMessage } from "@/lib/measurements/import/import-messages";
import type { ImportReadings, ImportSummary } from "@/lib/measurements/import/plan-import";
import { readForeignFile } from "@/lib/measurements/import/read-foreign-file";
import { importRowOfDay } from "@/lib/measurements/import/collect-days";
import { readImportFile, wordImportProblems } from "@/lib/measurements/import/read-import-file";
import type { ImportRowError } from "@/lib/measurements/import/import-problem";
import { getStore } from "@/lib/scope/get-store";
import { readHealthConnectExport } from "@/lib/scope/read-health-connect-export";
import { defaultLocale, isLocale, locales, type Locale } from "@/lib/i18n/locale";
import { findUserId } from "./admin-users";
import { adminImportText, type AdminImportText } from "./admin-import-text";

export type ImportCommandAnswer = { exitCode: number; stdout: string[]; stderr: string[] };

export const IMPORT_USAGE = [
  "  import --email EMAIL --format FORMAT [--per-day first|last|min|mean] [--unit kg|lb]",
  "         [--date COLUMN (--weight-kg|--weight-lb) COLUMN [--date-order dmy|mdy|ymd]] [--replace] [--dry-run]",
  "         [--locale en|es|pt] FILE",
  `                                one account's history from a file: FORMAT is ${importFormats.join(", ")};`,
  "                                messages in --locale (the person's language), English when not given",
];

const FLAGS = new Map([
  ["--email", "email"],
  ["--format", "format"],
  ["--per-day", "per_day"],
  ["--unit", "unit"],
  ["--date", "date"],
  ["--weight-kg", "weight_kg"],
  ["--weight-lb", "weight_lb"],
  ["--date-order", "date_order"],
  ["--locale", "locale"],
]);
const SWITCHES = new Set(["--replace", "--dry-run"]);
const MAX_PRINTED_PROBLEMS = 20;

type ParsedArguments = { values: Map<string, string>; switches: Set<string>; files: string[] } | { misuse: string };

function parseArguments(argv: readonly string[]): ParsedArguments {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  const files: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? "";
    const name = FLAGS.get(argument);
    if (name) {
      const value = argv[index + 1];
      if (value === undefined) return { misuse: `${argument} needs a value.` };
      values.set(name, value);
      index += 1;
    } else if (SWITCHES.has(argument)) switches.add(argument);
    else if (argument.startsWith("--")) return { misuse: `Unknown option: ${argument}.` };
    else files.push(argument);
  }
  return { values, switches, files };
}

const problemLines = (errors: readonly ImportRowError[], text: AdminImportText) => [
  ...errors.slice(0, MAX_PRINTED_PROBLEMS).map((error) => `${error.row === 0 ? text.file : text.line(error.row)}: ${error.detail} [${error.code}]`),
  ...(errors.length > MAX_PRINTED_PROBLEMS ? [text.more(errors.length - MAX_PRINTED_PROBLEMS)] : []),
];

function summaryLines(summary: ImportSummary, dryRun: boolean, text: AdminImportText): string[] {
  const { created, updated, unchanged, conflicts, readings } = summary;
  return [
    ...(readings ? [text.readings(readings.found, readings.duplicates, readings.days_merged.length)] : []),
    text.summary(dryRun, created, updated, unchanged, conflicts.length),
    ...(conflicts.length > 0 ? [text.conflicts(conflicts.map((conflict) => conflict.date).join(", "))] : []),
  ];
}

type Rows = { ok: true; rows: ImportRow[]; readings?: ImportReadings } | { ok: false; errors: ImportRowError[] } | { ok: false; misuse: string };

const flagOf = (parameter: string) => parameter.replace("_", "-");
/** The messages name the API's parameters (unit = kg or lb, date=COLUMN, date_order = dmy, ...); the command's are flags. */
const asFlags = (detail: string) =>
  detail.replace(
    /\b(date_order|unit|date|weight_kg|weight_lb)(=| =| \|)/g,
    (_, name: string, after: string) => `--${flagOf(name)}${after === "=" ? " " : after}`,
  );

async function readRows(options: {
  format: ImportFormat;
  file: string;
  parameter: (name: string) => string | null;
  today: string;
  locale: Locale;
}): Promise<Rows> {
  const { format, file, parameter, today, locale } = options;
  if (format === "palestra") {
    const parsed = readImportFile({ text: fs.readFileSync(file, "utf8"), format: file.toLowerCase().endsWith(".json") ? "json" : "csv", today, locale });
    return parsed.ok ? parsed : { ok: false, errors: parsed.errors };
  }
  const chosen = readForeignImportOptions(format, parameter);
  if (!chosen.ok) {
    const { problem } = chosen;
    if (problem.kind === "invalid")
      return { ok: false, misuse: `--${flagOf(problem.parameter)} must be one of ${problem.valid.join(", ")}; received "${problem.received}".` };
    return { ok: false, errors: [{ row: 0, code: problem.problem.code, detail: asFlags(importProblemMessage(problem.problem, locale)) }] };
  }
  const result = await readForeignFile({
    parser: createFormatParser(chosen.options, readHealthConnectExport),
    chunks: fs.createReadStream(file, { highWaterMark: 1 << 20 }),
    perDay: chosen.options.perDay,
    today,
  });
  // A choice the file turned out to need (the order of its dates) is asked by its flag, never guessed.
  if (!result.ok) {
    const problems = result.problems.map((problem) =>
      problem.code === "column_not_found" ? { ...problem, parameter: `--${flagOf(problem.parameter)}` } : problem,
    );
    return { ok: false, errors: wordImportProblems(problems, locale).map((error) => ({ ...error, detail: asFlags(error.detail) })) };
  }
  return {
    ok: true,
    rows: result.rows.map(importRowOfDay),
    readings: {
      found: result.readings,
      duplicates: result.duplicates,
      days_merged: result.rows.filter((row) => row.readings > 1).map(({ date, readings }) => ({ date, readings })),
    },
  };
}

export async function runImportCommand(argv: readonly string[], options: { today: string }): Promise<ImportCommandAnswer | { misuse: string }> {
  const parsed = parseArguments(argv);
  if ("misuse" in parsed) return parsed;
  const email = parsed.values.get("email");
  const format = parsed.values.get("format") ?? "palestra";
  if (!email) return { misuse: "import needs --email EMAIL." };
  if (!(importFormats as readonly string[]).includes(format)) return { misuse: `--format must be one of ${importFormats.join(", ")}; received "${format}".` };
  if (parsed.files.length !== 1) return { misuse: "import needs exactly one FILE." };
  const file = parsed.files[0] ?? "";
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return { exitCode: 1, stdout: [], stderr: [`No file at ${file}.`] };
  const chosenLocale = parsed.values.get("locale");
  if (chosenLocale !== undefined && !isLocale(chosenLocale)) return { misuse: `--locale must be one of ${locales.join(", ")}; received "${chosenLocale}".` };
  const userId = await findUserId(email);
  // The account keeps no language of its own (a person's language is the page's cookie), so the operator names it.
  const locale: Locale = chosenLocale ?? defaultLocale;
  const text = adminImportText[locale];
  const read = await readRows({ format: format as ImportFormat, file, parameter: (name) => parsed.values.get(name) ?? null, today: options.today, locale });
  if ("misuse" in read) return { misuse: read.misuse };
  if (!read.ok)
    return {
      exitCode: 1,
      stdout: [],
      stderr: [text.nothingImported(read.errors.length, file), ...problemLines(read.errors, text)],
    };
  const replace = parsed.switches.has("--replace");
  const store = getStore();
  if (parsed.switches.has("--dry-run"))
    return {
      exitCode: 0,
      stdout: summaryLines(await previewImport({ store, userId, rows: read.rows, replace, readings: read.readings }), true, text),
      stderr: [],
    };
  const result = await importMeasurements({
    store,
    userId,
    idempotencyKey: `admin-import-${crypto.randomUUID()}`,
    rows: read.rows,
    replace,
    readings: read.readings,
  });
  if (result.status === "executed" || result.status === "replayed") return { exitCode: 0, stdout: summaryLines(result.summary, false, text), stderr: [] };
  if (result.status === "write_failed") return { exitCode: 1, stdout: [], stderr: [text.writeFailed] };
  return { exitCode: 1, stdout: [], stderr: [text.outcomeUnknown] };
}
