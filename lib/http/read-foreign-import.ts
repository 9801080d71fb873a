// POST /api/v1/measurements/import?format=<another app's>: the body streamed through the format's parser (never held
// whole), the choices the file needs read from the query (a missing unit or mapping is a 422 naming it), and the
// result as one row per day for the import that Palestra's own files go through.
import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { toImportRowError } from "@/lib/measurements/import/import-messages";
import { createFormatParser } from "@/lib/measurements/import/create-format-parser";
import { readForeignImportOptions, type ForeignFormat } from "@/lib/measurements/import/import-options";
import type { ImportRow } from "@/lib/measurements/import/import-row";
import type { ImportReadings } from "@/lib/measurements/import/plan-import";
import { readForeignFile } from "@/lib/measurements/import/read-foreign-file";
import { importRowOfDay } from "@/lib/measurements/import/collect-days";
import { wordImportProblems } from "@/lib/measurements/import/read-import-file";
import { readHealthConnectExport } from "@/lib/scope/read-health-connect-export";
import { problemResponse } from "./problem";
import { bodyTooLargeResponse } from "./read-json-body";
import { importInvalidResponse } from "./import-invalid-response";

export type ForeignImport = { ok: true; rows: ImportRow[]; readings: ImportReadings } | { ok: false; response: Response };

/** The body's chunks, stopping with `tooLarge` set once they pass `maxBytes` (the rest is never read). */
async function* bodyChunks(request: Request, maxBytes: number, state: { tooLarge: boolean }): AsyncGenerator<Uint8Array> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) {
    state.tooLarge = true;
    return;
  }
  if (!request.body) return;
  const reader = request.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    received += value.byteLength;
    if (received > maxBytes) {
      state.tooLarge = true;
      await reader.cancel().catch(() => {});
      return;
    }
    yield value;
  }
}

export async function readForeignImport(options: {
  request: Request;
  format: ForeignFormat;
  locale: Locale;
  today: string;
  maxBytes: number;
}): Promise<ForeignImport> {
  const { request, format, locale, today, maxBytes } = options;
  const url = new URL(request.url);
  const chosen = readForeignImportOptions(format, (name) => url.searchParams.get(name));
  if (!chosen.ok) {
    const { problem } = chosen;
    if (problem.kind === "invalid")
      return {
        ok: false,
        response: problemResponse({
          slug: "invalid_request",
          detail: `${problem.parameter} must be one of ${problem.valid.join(", ")}; received "${problem.received}".`,
          extensions: { parameter: problem.parameter, valid_values: problem.valid },
        }),
      };
    return { ok: false, response: importInvalidResponse([toImportRowError(problem.problem, locale)], locale) };
  }
  const state = { tooLarge: false };
  const result = await readForeignFile({
    parser: createFormatParser(chosen.options, readHealthConnectExport),
    chunks: bodyChunks(request, maxBytes, state),
    perDay: chosen.options.perDay,
    today,
  });
  if (state.tooLarge) return { ok: false, response: bodyTooLargeResponse(maxBytes) };
  if (!result.ok) return { ok: false, response: importInvalidResponse(wordImportProblems(result.problems, locale), locale) };
  const rows = result.rows.map(importRowOfDay);
  const daysMerged = result.rows.filter((row) => row.readings > 1).map(({ date, readings }) => ({ date, readings }));
  return { ok: true, rows, readings: { found: result.readings, duplicates: result.duplicates, days_merged: daysMerged } };
}
