// Maps a save's result to HTTP. Status and body derive only from the recorded outcome (and the request's language, for
// the API's own wording), so a replay of the same key answers byte for byte what the first request answered.
import type { Locale } from "@/lib/i18n/locale";
import type { ToolError } from "@/lib/outcome/tool-outcome";
import type { SaveMeasurementResult } from "@/lib/measurements/save-measurement";
import { apiProblemMessages } from "./api-problem-messages";
import { jsonTextResponse } from "./json-response";
import { problemResponse } from "./problem";

/** The response recorded outcomes replay as: 201 created, 200 updated or unchanged, 409 conflict. */
function recordedOutcomeResponse(result: SaveMeasurementResult, locale: Locale, headers: HeadersInit): Response {
  const { outcome } = result;
  if (!outcome.isError) return jsonTextResponse(result.serialized, { status: outcome.content.created === true ? 201 : 200, headers });
  return errorContentResponse(outcome.content, locale, headers);
}

function errorContentResponse(content: ToolError, locale: Locale, headers?: HeadersInit): Response {
  const details = content.details ?? {};
  switch (content.error) {
    case "conflict":
      return problemResponse({
        slug: "conflict",
        // The recorded message is addressed to the model; an API client is told which request to send instead.
        detail: apiProblemMessages[locale].conflict({
          date: String(details.date),
          stored: (details.stored ?? {}) as Record<string, unknown>,
          proposed: (details.proposed ?? {}) as Record<string, unknown>,
        }),
        extensions: { date: details.date, fields: details.fields, stored: details.stored, proposed: details.proposed, trace_id: content.trace_id },
        headers,
      });
    case "write_failed":
    case "outcome_unknown":
      return problemResponse({ slug: content.error, detail: content.message, extensions: { ...details, trace_id: content.trace_id }, headers });
    default:
      return problemResponse({ slug: "internal", detail: "The save failed unexpectedly.", extensions: { trace_id: content.trace_id }, headers });
  }
}

export function saveMeasurementResponse(result: SaveMeasurementResult, locale: Locale): Response {
  switch (result.status) {
    case "executed":
      return recordedOutcomeResponse(result, locale, {});
    case "replayed":
      return recordedOutcomeResponse(result, locale, { "idempotent-replayed": "true" });
    case "key_reused":
      return problemResponse({
        slug: "idempotency_key_reused",
        detail: "This Idempotency-Key was already used with a different request body. Nothing was changed; send a new key for a new request.",
      });
    case "write_failed":
    case "outcome_unknown":
      return errorContentResponse(result.outcome.content as ToolError, locale);
  }
}
