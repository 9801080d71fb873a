// POST /api/v1/measurements/import: the export's CSV or JSON file as the body, idempotent by its Idempotency-Key
// (the rules of PUT), all or nothing: any invalid row is a 422 listing every row's problem, and nothing is written.
import "server-only";
import { getEnv } from "@/lib/env";
import { getStore } from "@/lib/scope/get-store";
import type { Locale } from "@/lib/i18n/locale";
import { importMeasurements, previewImport } from "@/lib/measurements/import/import-measurements";
import type { ImportFileFormat } from "@/lib/measurements/import/import-row";
import { importProblemsSummary, toImportRowError } from "@/lib/measurements/import/import-messages";
import type { ImportRowError } from "@/lib/measurements/import/import-problem";
import { readImportFile } from "@/lib/measurements/import/read-import-file";
import { logEvent } from "@/lib/observability/logger";
import { parseIdempotencyKeyHeader } from "./idempotency-key-header";
import { jsonResponse } from "./json-response";
import { problemResponse } from "./problem";
import { bodyTooLargeResponse, readBodyWithin } from "./read-json-body";
import { TIME_ZONE_HEADER, todayFromTimeZoneHeader } from "./time-zone-header";

const BOOLEAN_VALUES = new Set(["true", "false"]);

/** The file's format from its Content-Type (parameters such as charset ignored), or null when it is neither. */
export function importFormatOf(contentType: string | null): ImportFileFormat | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "text/csv" ? "csv" : type === "application/json" ? "json" : null;
}

function booleanParameter(url: URL, name: string): boolean | Response {
  const value = url.searchParams.get(name) ?? "false";
  if (!BOOLEAN_VALUES.has(value)) return problemResponse({ slug: "invalid_request", detail: `${name} must be true or false; received "${value}".` });
  return value === "true";
}

/** 422 import_invalid: every problem, coded, on its line, and a whole-file sentence, all in the person's language. */
export function importInvalidResponse(errors: readonly ImportRowError[], locale: Locale): Response {
  return problemResponse({ slug: "import_invalid", detail: importProblemsSummary(errors, locale), extensions: { errors } });
}

export async function postMeasurementImport(options: { request: Request; userId: string; locale: Locale }): Promise<Response> {
  const { request, userId, locale } = options;
  const url = new URL(request.url);
  const replace = booleanParameter(url, "replace");
  if (replace instanceof Response) return replace;
  // The page's preview: the same answer, computed without writing anything (so no key is needed).
  const dryRun = booleanParameter(url, "dry_run");
  if (dryRun instanceof Response) return dryRun;
  const key = dryRun ? ({ ok: true, key: "" } as const) : parseIdempotencyKeyHeader(request.headers.get("idempotency-key"));
  if (!key.ok)
    return problemResponse({
      slug: key.missing ? "idempotency_key_required" : "idempotency_key_invalid",
      detail: key.detail.replace("PUT needs", "An import needs"),
    });
  const format = importFormatOf(request.headers.get("content-type"));
  if (!format)
    return problemResponse({
      slug: "unsupported_media_type",
      detail: "Send the file as the body with Content-Type: text/csv or application/json, as export writes it.",
    });
  const today = todayFromTimeZoneHeader(request.headers.get(TIME_ZONE_HEADER));
  if (!today.ok) return today.response;
  const maxBytes = getEnv().PALESTRA_MAX_BODY_BYTES;
  const bytes = await readBodyWithin(request, maxBytes);
  if (!bytes) return bodyTooLargeResponse(maxBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return importInvalidResponse([toImportRowError({ code: "file_not_utf8", line: 0 }, locale)], locale);
  }
  const parsed = readImportFile({ text, format, today: today.today, locale });
  if (!parsed.ok) return importInvalidResponse(parsed.errors, locale);
  if (dryRun) return jsonResponse(await previewImport({ store: getStore(), userId, rows: parsed.rows, replace }));
  const store = getStore();
  // Held in the store (a row on PostgreSQL), so a duplicate gets the 409 whichever instance it reaches (as PUT's).
  let claim: Awaited<ReturnType<typeof store.idempotency.claim>>;
  try {
    claim = await store.idempotency.claim({ userId, key: key.key, holdMs: 2 * getEnv().PALESTRA_TOOL_TIMEOUT_MS });
  } catch (error) {
    logEvent("error", "api-import-failed", { status: "claim_failed", error });
    return problemResponse({
      slug: "write_failed",
      detail: "The import could not be written; nothing was imported. Retry with the same Idempotency-Key.",
      headers: { "retry-after": "1" },
    });
  }
  if (claim.status === "in_flight") {
    return problemResponse({
      slug: "idempotency_key_in_flight",
      detail: "An import with this Idempotency-Key is still running. Retry after it has finished to get its result.",
      headers: { "retry-after": String(claim.retryAfterSeconds) },
    });
  }
  try {
    const result = await importMeasurements({ store, userId, idempotencyKey: key.key, rows: parsed.rows, replace });
    if (result.status === "executed") return jsonResponse(result.summary);
    // As PUT's replays: the first answer again, marked as such.
    if (result.status === "replayed") return jsonResponse(result.summary, { headers: { "idempotent-replayed": "true" } });
    if (result.status === "key_reused") {
      return problemResponse({
        slug: "idempotency_key_reused",
        detail: "This Idempotency-Key was used for another import (another file or replace choice). Use a new key for a new import.",
        extensions: { idempotency_key: key.key },
      });
    }
    logEvent("error", "api-import-failed", { status: result.status, error: result.error });
    if (result.status === "write_failed")
      return problemResponse({
        slug: "write_failed",
        detail: "The import could not be written; nothing was imported. Retry with the same Idempotency-Key.",
        headers: { "retry-after": "1" },
      });
    return problemResponse({
      slug: "outcome_unknown",
      detail: "The import may or may not have been written. Retry with the same Idempotency-Key to learn which.",
      extensions: { idempotency_key: key.key },
    });
  } finally {
    await claim.release();
  }
}
