// The goal path of the OpenAPI document: PUT /api/v1/goals/{field}, idempotent by its Idempotency-Key like a save.
import { body, json, problem, responseRef } from "./openapi-components";
import { idempotencyKeyHeader, timeZoneHeader } from "./openapi-measurement-paths";
import { optionsOperation, otherMethods, pathParameter } from "./openapi-operations";

export const goalPaths = {
  "/api/v1/goals/{field}": {
    description: otherMethods,
    parameters: [
      pathParameter(
        "field",
        "The measurement field: weight_kg, body_fat_pct, neck_cm, chest_cm, waist_cm, hips_cm, biceps_cm, quadriceps_cm, calf_cm or height_cm.",
      ),
    ],
    put: {
      operationId: "putGoal",
      tags: ["Measurements"],
      summary: "Set or remove the goal of one field, idempotently",
      description:
        "One target per field, in the field's range; null removes it. A target in pounds or inches goes with units and is converted exactly, as a save's values are. The Idempotency-Key follows PUT /measurements/{date}'s rules: the same key and body replay the first answer (Idempotent-Replayed), another body is 422, a running first request is 409 with Retry-After. GET /api/v1/trend then reports the goal and the date the trend reaches it.",
      parameters: [idempotencyKeyHeader, timeZoneHeader],
      requestBody: body("PutGoalBody"),
      responses: {
        200: json("SavedGoal", "Stored (or removed); previous names the target before.", { sometimes: ["Idempotent-Replayed"] }),
        400: problem(
          "The body is not JSON (type invalid_body) or has invalid arguments: an unknown field, a target outside the field's range (type bad_arguments); the Idempotency-Key header is missing (type idempotency_key_required) or malformed (type idempotency_key_invalid); or an unknown Time-Zone header (type invalid_request).",
          ["invalid_body", "bad_arguments", "idempotency_key_required", "idempotency_key_invalid", "invalid_request"],
        ),
        403: responseRef("Forbidden"),
        409: problem("The key's first request is still running (type idempotency_key_in_flight).", ["idempotency_key_in_flight"], { headers: ["Retry-After"] }),
        422: problem("The key was used with another body (type idempotency_key_reused); nothing changed.", ["idempotency_key_reused"]),
        500: problem("The write may or may not have happened (type outcome_unknown): retry with the same key. Or an unexpected failure (type internal).", [
          "outcome_unknown",
          "internal",
        ]),
        503: problem("The write certainly did not happen (type write_failed).", ["write_failed"]),
        401: responseRef("Unauthorized"),
        413: responseRef("PayloadTooLarge"),
      },
    },
    options: optionsOperation("optionsGoal", "Measurements"),
  },
};
