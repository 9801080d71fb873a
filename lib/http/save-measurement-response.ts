// Maps a save's result to HTTP. Status and body derive only from the recorded outcome, so a replay of the same key
// answers byte for byte what the first request answered.
import type { ToolError } from "@/lib/agent/tool-outcome";
import type { SaveMeasurementResult } from "@/lib/measurements/save-measurement";
import { jsonTextResponse } from "./json-response";
import { problemResponse } from "./problem";

/** The response recorded outcomes replay as: 201 created, 200 updated or unchanged, 409 conflict. */
function recordedOutcomeResponse(result: SaveMeasurementResult, headers: HeadersInit): Response {
  const { outcome } = result;
  if (!outcome.isError) return jsonTextResponse(result.serialized, { status: outcome.content.created === true ? 201 : 200, headers });
  return errorContentResponse(outcome.content, headers);
}

function errorContentResponse(content: ToolError, headers?: HeadersInit): Response {
  const details = content.details ?? {};
  switch (content.error) {
    case "conflict":
      return problemResponse({
        slug: "conflict",
        detail: content.message,
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

export function saveMeasurementResponse(result: SaveMeasurementResult): Response {
  switch (result.status) {
    case "executed":
      return recordedOutcomeResponse(result, {});
    case "replayed":
      return recordedOutcomeResponse(result, { "idempotent-replayed": "true" });
    case "key_reused":
      return problemResponse({
        slug: "idempotency_key_reused",
        detail: "This Idempotency-Key was already used with a different request body. Nothing was changed; send a new key for a new request.",
      });
    case "write_failed":
    case "outcome_unknown":
      return errorContentResponse(result.outcome.content as ToolError);
  }
}
