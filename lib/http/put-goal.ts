// PUT /api/v1/goals/:field: the idempotent goal write behind the Idempotency-Key header, with the same rules as a
// measurement PUT (a claim while it runs, replay by key, 422 for a reused key, write_failed and outcome_unknown).
import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { withinDeadline } from "@/lib/measurements/save-within-deadline";
import { setGoal, type SetGoalResult } from "@/lib/measurements/set-goal";
import { setGoalInputSchema } from "@/lib/measurements/set-goal-input";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { validateArguments } from "@/lib/measurements/validation";
import { goalOutcomeUnknownOutcome, goalWriteFailedOutcome } from "@/lib/outcome/write-outcomes";
import type { ToolError } from "@/lib/outcome/tool-outcome";
import { createRequestScope } from "@/lib/scope/request-scope";
import { idempotencyKeyProblem, parseIdempotencyKeyHeader } from "./idempotency-key-header";
import { jsonTextResponse } from "./json-response";
import { problemResponse } from "./problem";
import { todayFromTimeZoneHeader } from "./time-zone-header";
import { badArgumentsResponse } from "./validation-problems";

const BODY_ARGUMENTS = ["target", "units"];

export type PutGoalOptions = {
  user: { id: string; units: UnitSystem };
  field: string;
  idempotencyKey: string | null;
  timeZone?: string | null;
  body: unknown;
  locale: Locale;
};

function goalResponse(result: SetGoalResult): Response {
  const replayed = result.status === "replayed" ? { "idempotent-replayed": "true" } : undefined;
  switch (result.status) {
    case "executed":
    case "replayed":
      if (!result.outcome.isError) return jsonTextResponse(result.serialized, { status: 200, headers: replayed });
      return problemResponse({ slug: "internal", detail: "The goal write failed unexpectedly.", extensions: { trace_id: result.outcome.content.trace_id } });
    case "key_reused":
      return problemResponse({
        slug: "idempotency_key_reused",
        detail: "This Idempotency-Key was already used with a different request body. Nothing was changed; send a new key for a new request.",
      });
    case "write_failed":
    case "outcome_unknown": {
      const content = result.outcome.content as ToolError;
      return problemResponse({
        slug: content.error as "write_failed" | "outcome_unknown",
        detail: content.message,
        extensions: { ...content.details, trace_id: content.trace_id },
      });
    }
  }
}

export async function putGoal(options: PutGoalOptions): Promise<Response> {
  const { field, body, locale } = options;
  const userId = options.user.id;
  const parsedKey = parseIdempotencyKeyHeader(options.idempotencyKey);
  if (!parsedKey.ok) return idempotencyKeyProblem({ failure: parsedKey, request: "put" });
  const idempotencyKey = parsedKey.key;
  const today = todayFromTimeZoneHeader(options.timeZone ?? null);
  if (!today.ok) return today.response;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return problemResponse({ slug: "bad_arguments", detail: 'The body must be a JSON object, for example {"target": 72.5}.' });
  }
  if ("field" in body) return badArgumentsResponse([{ kind: "unknown_argument", names: ["field"], valid: BODY_ARGUMENTS }], locale);
  const validation = validateArguments({ schema: setGoalInputSchema, input: { ...body, field }, today: today.today });
  if (!validation.ok) {
    return badArgumentsResponse(
      validation.problems.map((problem) => (problem.kind === "unknown_argument" ? { ...problem, valid: BODY_ARGUMENTS } : problem)),
      locale,
    );
  }
  const input = validation.value;
  const { store, traceId, faults, toolTimeoutMs } = createRequestScope({ user: options.user, locale, today: today.today });
  let claim: Awaited<ReturnType<typeof store.idempotency.claim>>;
  try {
    claim = await store.idempotency.claim({ userId, key: idempotencyKey, holdMs: 2 * toolTimeoutMs });
  } catch {
    const failed = goalWriteFailedOutcome({ field: input.field, traceId, locale });
    return problemResponse({
      slug: "write_failed",
      detail: failed.isError ? failed.content.message : "",
      extensions: { field: input.field, trace_id: traceId },
    });
  }
  if (claim.status === "in_flight") {
    return problemResponse({
      slug: "idempotency_key_in_flight",
      detail: "A request with this Idempotency-Key is still running. Retry after it has finished to get its result.",
      headers: { "retry-after": String(claim.retryAfterSeconds) },
    });
  }
  const result = await withinDeadline({
    run: (signal) => setGoal({ store, userId, idempotencyKey, input, traceId, locale, faults, signal }),
    traceId,
    timeoutMs: toolTimeoutMs,
    exceptionEvent: "api-goal-exception",
    onSettled: () => void claim.release(),
  });
  if (result !== "deadline") return goalResponse(result);
  const unknown = goalOutcomeUnknownOutcome({ field: input.field, idempotencyKey, traceId, locale });
  return problemResponse({
    slug: "outcome_unknown",
    detail: unknown.isError ? unknown.content.message : "",
    extensions: { field: input.field, idempotency_key: idempotencyKey, trace_id: traceId },
  });
}
