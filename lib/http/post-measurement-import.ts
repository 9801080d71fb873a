// POST /api/v1/measurements/import?format=…: Palestra's CSV or JSON, or another app's export, as the body, idempotent by its Idempotency-Key
// (the rules of PUT), all or nothing: any invalid row is a 422 listing every row's problem, and nothing is written.
import "server-only";
import { getEnv } from "@/lib/env";
import { createStorageFaults, type WriteFaultPlan } from "@/lib/faults/storage-faults";
import { getStore } from "@/lib/scope/get-store";
import type { Locale } from "@/lib/i18n/locale";
import { importMeasurements, previewImport } from "@/lib/measurements/import/import-measurements";
import type { ImportFileFormat, ImportRow } from "@/lib/measurements/import/import-row";
import { toImportRowError } from "@/lib/measurements/import/import-messages";
import { importFormats, type ImportFormat } from "@/lib/measurements/import/import-options";
import type { ImportReadings } from "@/lib/measurements/import/plan-import";
import { readImportFile } from "@/lib/measurements/import/read-import-file";
import { logEvent } from "@/lib/observability/logger";
import { idempotencyKeyProblem, parseIdempotencyKeyHeader } from "./idempotency-key-header";
import { importInvalidResponse } from "./import-invalid-response";
import { readForeignImport } from "./read-foreign-import";
import { jsonResponse } from "./json-response";
import { problemResponse } from "./problem";
import { bodyTooLargeResponse, readBodyWithin } from "./read-json-body";
import { TIME_ZONE_HEADER, todayFromTimeZoneHeader } from "./time-zone-header";

const BOOLEAN_VALUES = new Set(["true", "false"]);
const WRITE_FAILED = "The import could not be written; nothing was imported. Retry with the same Idempotency-Key.";

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

const isImportFormat = (value: string): value is ImportFormat => (importFormats as readonly string[]).includes(value);

type ReadImport = { ok: true; rows: ImportRow[]; readings?: ImportReadings } | { ok: false; response: Response };

/** Palestra's own CSV or JSON (format=palestra): its Content-Type says which; read whole (it is bounded by the body cap). */
async function readPalestraImport(options: { request: Request; locale: Locale; today: string; maxBytes: number }): Promise<ReadImport> {
  const { request, locale, today, maxBytes } = options;
  const fileFormat = importFormatOf(request.headers.get("content-type"));
  if (!fileFormat)
    return {
      ok: false,
      response: problemResponse({
        slug: "unsupported_media_type",
        detail: "Send the file as the body with Content-Type: text/csv or application/json, as export writes it.",
      }),
    };
  const bytes = await readBodyWithin(request, maxBytes);
  if (!bytes) return { ok: false, response: bodyTooLargeResponse(maxBytes) };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, response: importInvalidResponse([toImportRowError({ code: "file_not_utf8", line: 0 }, locale)], locale) };
  }
  const parsed = readImportFile({ text, format: fileFormat, today, locale });
  return parsed.ok ? { ok: true, rows: parsed.rows } : { ok: false, response: importInvalidResponse(parsed.errors, locale) };
}

export async function postMeasurementImport(options: { request: Request; userId: string; locale: Locale }): Promise<Response> {
  const { request, userId, locale } = options;
  const url = new URL(request.url);
  const format = url.searchParams.get("format") ?? "palestra";
  if (!isImportFormat(format))
    return problemResponse({
      slug: "invalid_request",
      detail: `format must be one of ${importFormats.join(", ")}; received "${format}".`,
      extensions: { parameter: "format", valid_values: importFormats },
    });
  const replace = booleanParameter(url, "replace");
  if (replace instanceof Response) return replace;
  // The page's preview: the same answer, computed without writing anything (so no key is needed).
  const dryRun = booleanParameter(url, "dry_run");
  if (dryRun instanceof Response) return dryRun;
  const key = dryRun ? ({ ok: true, key: "" } as const) : parseIdempotencyKeyHeader(request.headers.get("idempotency-key"));
  if (!key.ok) return idempotencyKeyProblem({ failure: key, request: "import" });
  const today = todayFromTimeZoneHeader(request.headers.get(TIME_ZONE_HEADER));
  if (!today.ok) return today.response;
  const maxBytes = getEnv().PALESTRA_MAX_BODY_BYTES;
  const read =
    format === "palestra"
      ? await readPalestraImport({ request, locale, today: today.today, maxBytes })
      : await readForeignImport({ request, format, locale, today: today.today, maxBytes });
  if (!read.ok) return read.response;
  const { rows, readings } = read;
  if (dryRun) return jsonResponse(await previewImport({ store: getStore(), userId, rows, replace, readings }));
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
  const outcomeUnknown = () =>
    problemResponse({
      slug: "outcome_unknown",
      detail: "The import may or may not have been written. Retry with the same Idempotency-Key to learn which.",
      extensions: { idempotency_key: key.key },
    });
  try {
    // QA faults reach the import too: lost_ack commits and loses the answer; fail_before_commit refuses before
    // writing; a timeout hangs past the deadline (nothing written, the answer unknown to the client).
    const faults = createStorageFaults({ store, userId, enabled: getEnv().qaEnabled });
    let plan: WriteFaultPlan;
    try {
      plan = await faults.beginWrite(AbortSignal.timeout(getEnv().PALESTRA_TOOL_TIMEOUT_MS));
    } catch {
      return outcomeUnknown();
    }
    if (plan.failInsideTransaction) return problemResponse({ slug: "write_failed", detail: WRITE_FAILED, headers: { "retry-after": "1" } });
    const result = await importMeasurements({ store, userId, idempotencyKey: key.key, rows, replace, readings });
    if (result.status === "executed") {
      try {
        faults.afterCommit(plan);
      } catch {
        return outcomeUnknown();
      }
      return jsonResponse(result.summary);
    }
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
    if (result.status === "write_failed") return problemResponse({ slug: "write_failed", detail: WRITE_FAILED, headers: { "retry-after": "1" } });
    return outcomeUnknown();
  } finally {
    await claim.release();
  }
}
