// PUT /api/v1/measurements/:date: the idempotent save behind the Idempotency-Key header (RELIABILITY.md's rules).
import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import type { ArgumentProblem } from "@/lib/outcome/argument-problem";
import { saveWithinDeadline } from "@/lib/measurements/save-within-deadline";
import { outcomeUnknownOutcome, writeFailedOutcome } from "@/lib/outcome/write-outcomes";
import { createRequestScope } from "@/lib/scope/request-scope";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { saveMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";
import { idempotencyKeyProblem, parseIdempotencyKeyHeader } from "./idempotency-key-header";
import { problemResponse } from "./problem";
import { saveMeasurementResponse } from "./save-measurement-response";
import { todayFromTimeZoneHeader } from "./time-zone-header";
import { badArgumentsResponse } from "./validation-problems";

const BODY_ARGUMENTS = ["values", "note", "replace"];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function checkKey(header: string | null): { ok: true; key: string } | { ok: false; response: Response } {
  const parsed = parseIdempotencyKeyHeader(header);
  if (parsed.ok) return parsed;
  return { ok: false, response: idempotencyKeyProblem({ failure: parsed, request: "put" }) };
}

/** The date comes from the path: the body holds values, note and replace only. */
function bodyProblems(body: unknown): ArgumentProblem[] | "not_object" {
  if (!isPlainObject(body)) return "not_object";
  return "date" in body ? [{ kind: "unknown_argument", names: ["date"], valid: BODY_ARGUMENTS }] : [];
}

export type PutMeasurementOptions = {
  user: { id: string; units: UnitSystem };
  date: string;
  /** The Idempotency-Key header as sent (null when absent). */
  idempotencyKey: string | null;
  /** The Time-Zone request header as sent (null when absent). */
  timeZone?: string | null;
  body: unknown;
  locale: Locale;
  /** The clock, for tests; the current time otherwise. */
  now?: Date;
};

export async function putMeasurement(options: PutMeasurementOptions): Promise<Response> {
  const { date, body, locale } = options;
  const userId = options.user.id;
  const checkedKey = checkKey(options.idempotencyKey);
  if (!checkedKey.ok) return checkedKey.response;
  const idempotencyKey = checkedKey.key;
  const today = todayFromTimeZoneHeader(options.timeZone ?? null, options.now ?? new Date());
  if (!today.ok) return today.response;
  const shape = bodyProblems(body);
  if (shape === "not_object")
    return problemResponse({ slug: "bad_arguments", detail: 'The body must be a JSON object, for example {"values": {"weight_kg": 77.4}}.' });
  if (shape.length > 0) return badArgumentsResponse(shape, locale);
  const validation = validateArguments({ schema: saveMeasurementInputSchema, input: { ...(body as object), date }, today: today.today });
  if (!validation.ok) {
    const problems = validation.problems.map((problem) => (problem.kind === "unknown_argument" ? { ...problem, valid: BODY_ARGUMENTS } : problem));
    return badArgumentsResponse(problems, locale);
  }

  // QA faults reach the API's writes too (in the scope), so testers see what an HTTP client gets under each storage failure.
  const { store, traceId, faults, toolTimeoutMs } = createRequestScope({ user: options.user, locale, today: today.today });
  // Held in the store (a row on PostgreSQL), so a duplicate gets the 409 whichever instance it reaches. Past twice the
  // tool deadline a crashed holder's claim is taken over; its change never committed, or the key holds its outcome.
  let claim: Awaited<ReturnType<typeof store.idempotency.claim>>;
  try {
    claim = await store.idempotency.claim({ userId, key: idempotencyKey, holdMs: 2 * toolTimeoutMs });
  } catch {
    // The database did not take the claim: nothing was written, and the same request may be sent again.
    const failed = writeFailedOutcome({ date, traceId, locale });
    return problemResponse({ slug: "write_failed", detail: failed.isError ? failed.content.message : "", extensions: { date, trace_id: traceId } });
  }
  if (claim.status === "in_flight") {
    return problemResponse({
      slug: "idempotency_key_in_flight",
      detail: "A request with this Idempotency-Key is still running. Retry after it has finished to get its result.",
      headers: { "retry-after": String(claim.retryAfterSeconds) },
    });
  }
  const result = await saveWithinDeadline({
    save: { store, userId, idempotencyKey, input: validation.value, source: "api", traceId, locale, faults },
    timeoutMs: toolTimeoutMs,
    exceptionEvent: "api-save-exception",
    // The key stays claimed until the save has really settled, even when the response left earlier.
    onSettled: () => void claim.release(),
  });
  if (result !== "deadline") return saveMeasurementResponse(result, locale);
  const unknown = outcomeUnknownOutcome({ date, idempotencyKey, traceId, locale });
  return problemResponse({
    slug: "outcome_unknown",
    detail: unknown.isError ? unknown.content.message : "",
    extensions: { date, idempotency_key: idempotencyKey, trace_id: traceId },
  });
}
