// The measurement paths of the OpenAPI document: a range, and one date read, saved idempotently and deleted.
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/idempotency-records";
import { perDayRules } from "@/lib/measurements/import/collect-days";
import { dateOrders } from "@/lib/measurements/import/formats/mapped-csv";
import { importFormats } from "@/lib/measurements/import/import-options";
import { massUnits } from "@/lib/measurements/units";
import { body, json, jsonSchemaOf, problem, responseRef } from "./openapi-components";
import { malformedPath, optionsOperation, otherMethods, pathParameter, queryParameters, signedIn } from "./openapi-operations";
import { measurementListQuerySchema, timeZoneSchema, trendQuerySchema } from "./request-schemas";

const dateParameter = pathParameter("date", "Calendar date, YYYY-MM-DD, not in the future.", "date");

/** The header carries the same value as the chat's timeZone field; its description is the header's own. */
const { description: _timeZoneField, ...timeZoneHeaderSchema } = jsonSchemaOf(timeZoneSchema, "input");
/** The measurement routes' optional Time-Zone header (lib/http/time-zone-header.ts). */
export const timeZoneHeader = {
  name: "Time-Zone",
  in: "header",
  required: false,
  description:
    "The user's IANA time zone, e.g. Pacific/Auckland. Used only to decide whether a date is in the future (bad_arguments future_date): a user in UTC+13 can read, save or delete their own today while the server's date is still yesterday. The server's date when omitted; an unknown zone is 400 invalid_request.",
  schema: timeZoneHeaderSchema,
};

export const idempotencyKeyHeader = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description: `A new unique value per intended change, at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters: an RFC 8941 structured-field string such as "8e03978e-40d5-43e8-bc93-6894a57f9324" (with the quotes), or the same value bare as a token; "abc" and abc name one key. Sent twice, or as anything else, it is 400 idempotency_key_invalid.`,
  schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH + 2 },
};

const importBody = {
  required: true,
  description:
    "The file itself, as GET /measurements/export writes it: CSV (columns date, weight_kg ... height_cm, note, updated_at; imperial display columns are read past) or JSON ({ exported_at, records: [{ date, values, note, updated_at, provenance }] }; provenance is optional: by field, { source, original_value, original_unit, derived }, kept as given; a value without one is stored with source palestra). For another app's export (format other than palestra), any Content-Type: Apple Health export.zip or export.xml, Health Connect's zip (or its .db), Withings weight.csv, Fitbit weight-*.json (or a Takeout zip), openScale CSV, any CSV with a header; read as a stream.",
  content: {
    "text/csv": { schema: { type: "string" } },
    "application/json": { schema: { type: "object" } },
    "application/octet-stream": { schema: { type: "string", format: "binary" } },
  },
};

const queryParameter = (name: string, description: string, values?: readonly string[]) => ({
  name,
  in: "query",
  required: false,
  description,
  schema: values ? { type: "string", enum: [...values] } : { type: "string" },
});

const importPath = {
  "/api/v1/measurements/import": {
    description: otherMethods,
    post: {
      operationId: "importMeasurements",
      tags: ["Measurements"],
      summary: "Import an exported file (Palestra's or another app's), all or nothing, idempotently",
      description:
        "Every row is validated as a save is. Only a date column and one measurement column are needed (note, updated_at and the other fields are optional). Any invalid row: 422 with every problem in `errors` as `{ row, code, detail }`: `row` is the file's line (the header is line 1; 0 is the file itself: syntax, encoding), `code` is stable and `detail` is worded in the Accept-Language language; nothing is written. Otherwise new dates are created, dates holding the same values are unchanged, and a date whose stored values or note differ is a conflict left as it is unless replace=true. A note export neutralized with a leading apostrophe is stored without it. Importing the same file again changes nothing. The Idempotency-Key follows PUT's rules; with dry_run=true nothing is written and no key is needed.",
      parameters: [
        { ...idempotencyKeyHeader, required: false, description: `${idempotencyKeyHeader.description} Required unless dry_run=true.` },
        timeZoneHeader,
        queryParameter("format", "The file's format; palestra (the default) is GET /measurements/export's CSV or JSON.", importFormats),
        queryParameter(
          "per_day",
          "Another app's export: several readings of a field on one day (their own local day) become one value: first (the default, the morning weigh-in), last, min or mean. The same reading from two sources (within 2 minutes and 0.05) counts once.",
          perDayRules,
        ),
        queryParameter(
          "unit",
          "format=fitbit: the unit of the file's weights (the file does not say). Missing: 422 import_invalid, code unit_required.",
          massUnits,
        ),
        queryParameter("date", "format=csv: the column holding the date. Missing: 422 import_invalid, code column_required."),
        queryParameter("weight_kg", "format=csv: the column holding the weight in kilograms (or weight_lb). Neither: 422 import_invalid, code unit_required."),
        queryParameter("weight_lb", "format=csv: the column holding the weight in pounds."),
        queryParameter(
          "date_order",
          "format=csv: how numeric dates are written; needed only when the file's dates read both ways (else 422, code date_order_required).",
          dateOrders,
        ),
        {
          name: "replace",
          in: "query",
          required: false,
          description: "true: conflicting dates take the file's values and note.",
          schema: { type: "string", enum: ["true", "false"] },
        },
        {
          name: "dry_run",
          in: "query",
          required: false,
          description: "true: answer what the import would do, writing nothing.",
          schema: { type: "string", enum: ["true", "false"] },
        },
      ],
      requestBody: importBody,
      responses: {
        200: json("ImportSummary", "Imported (or, with dry_run=true, the preview); a replay of the key's first answer carries Idempotent-Replayed.", {
          sometimes: ["Idempotent-Replayed"],
        }),
        400: problem(
          `The Idempotency-Key header is missing (type idempotency_key_required) or malformed (type idempotency_key_invalid); replace or dry_run is not true/false, a format, per_day, unit or date_order outside its values, or an unknown Time-Zone header or ${malformedPath} (type invalid_request).`,
          ["idempotency_key_required", "idempotency_key_invalid", "invalid_request"],
        ),
        403: responseRef("Forbidden"),
        409: problem("The key's first request is still running (type idempotency_key_in_flight).", ["idempotency_key_in_flight"], { headers: ["Retry-After"] }),
        415: problem("format=palestra and the Content-Type is neither text/csv nor application/json (type unsupported_media_type).", [
          "unsupported_media_type",
        ]),
        422: problem(
          "Invalid rows (type import_invalid, every problem in `errors: [{ row, code, detail }]`, `row` the file's line), or the key was used for another import (type idempotency_key_reused); nothing was written.",
          ["import_invalid", "idempotency_key_reused"],
        ),
        500: problem("The import may or may not have been written (type outcome_unknown): retry with the same key. Or an unexpected failure (type internal).", [
          "outcome_unknown",
          "internal",
        ]),
        503: problem("The import certainly was not written (type write_failed).", ["write_failed"], { headers: ["Retry-After"] }),
        401: responseRef("Unauthorized"),
        413: responseRef("PayloadTooLarge"),
      },
    },
    options: optionsOperation("optionsMeasurementImport", "Measurements"),
  },
};

const trendPath = {
  "/api/v1/trend": {
    description: otherMethods,
    get: {
      operationId: "getTrend",
      tags: ["Measurements"],
      summary: "One field's smoothed trend, weekly rate, goal and ETA (the get_trend tool)",
      description:
        "Run by the Coach's own dispatcher, so the answer is the get_trend tool's content byte for byte. The trend over the field's records in date order starts at the first value and moves t ← t + (1 − 0.9^d)·(v − t) for a record d days after the previous one; a gap of more than 14 days starts a new segment. The weekly rate is (t_last − t_first) / days × 7 over the last segment's records within `days` of the newest; it needs 5 records over 10 days, else rate_per_week is null and enough_data false (a 200, not an error). Values are metric and exact; for a person who prefers imperial units display_values holds the headline numbers in pounds or inches.",
      parameters: [...queryParameters(trendQuerySchema), timeZoneHeader],
      responses: {
        200: json("Trend", "The trend (records: 0 when the field has none)."),
        400: problem(
          "An unknown field, a window outside 14–180 days or an unknown parameter (type bad_arguments), or an unknown Time-Zone header (type invalid_request).",
          ["bad_arguments", "invalid_request"],
        ),
        503: problem("Storage could not be read (type unavailable): the trend is unknown, not empty.", ["unavailable"], { headers: ["Retry-After"] }),
        ...signedIn,
      },
    },
    options: optionsOperation("optionsTrend", "Measurements"),
  },
};

export const measurementPaths = {
  ...importPath,
  ...trendPath,
  "/api/v1/measurements": {
    description: otherMethods,
    get: {
      operationId: "listMeasurements",
      tags: ["Measurements"],
      summary: "Every record in a date range",
      parameters: [...queryParameters(measurementListQuerySchema), timeZoneHeader],
      responses: {
        200: json("MeasurementList", "The whole range (complete: true)."),
        400: problem(
          "Invalid dates (type bad_arguments), a span over 366 days (type range_too_large), or an unknown Time-Zone header (type invalid_request).",
          ["bad_arguments", "range_too_large", "invalid_request"],
        ),
        503: problem("Storage could not be read (type unavailable): the records are unknown, not absent.", ["unavailable"], { headers: ["Retry-After"] }),
        ...signedIn,
      },
    },
    options: optionsOperation("optionsMeasurements", "Measurements"),
  },
  "/api/v1/measurements/{date}": {
    description: otherMethods,
    parameters: [dateParameter],
    get: {
      operationId: "getMeasurement",
      tags: ["Measurements"],
      summary: "The record of one date",
      parameters: [timeZoneHeader],
      responses: {
        200: json("MeasurementRecord", "The record."),
        400: problem(
          `Invalid date (type bad_arguments: \`detail\` and \`errors[].message\` state the constraint, the value received and a valid form), or an unknown Time-Zone header or ${malformedPath}.`,
          ["bad_arguments", "invalid_request"],
        ),
        404: problem("No record on this date (type not_found).", ["not_found"]),
        503: problem("Storage could not be read (type unavailable).", ["unavailable"], { headers: ["Retry-After"] }),
        ...signedIn,
      },
    },
    put: {
      operationId: "putMeasurement",
      tags: ["Measurements"],
      summary: "Save values for one date, idempotently",
      description:
        "The same Idempotency-Key with the same body replays the first response (status, body and the Idempotent-Replayed header); with another body it is 422 and changes nothing; while the first request runs it is 409 with Retry-After. After a 5xx, send the same request with the same key: it replays the saved result or saves exactly once.",
      parameters: [idempotencyKeyHeader, timeZoneHeader],
      requestBody: body("PutMeasurementBody"),
      responses: {
        200: json("SavedMeasurement", "Updated, or the date already held these values.", { sometimes: ["Idempotent-Replayed"] }),
        201: json("SavedMeasurement", "Created.", { sometimes: ["Idempotent-Replayed"] }),
        400: problem(
          `The body is not JSON (type invalid_body) or has invalid arguments (type bad_arguments); the Idempotency-Key header is missing (type idempotency_key_required), sent twice, malformed or too long (type idempotency_key_invalid); or an unknown Time-Zone header or ${malformedPath}.`,
          ["invalid_body", "bad_arguments", "idempotency_key_required", "idempotency_key_invalid", "invalid_request"],
        ),
        403: responseRef("Forbidden"),
        409: problem(
          "A different value is stored and replace is not true (type conflict, with stored and proposed; a replay carries Idempotent-Replayed), or the key's first request is still running (type idempotency_key_in_flight, with Retry-After).",
          ["conflict", "idempotency_key_in_flight"],
          { sometimes: ["Retry-After", "Idempotent-Replayed"] },
        ),
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
    delete: {
      operationId: "deleteMeasurement",
      tags: ["Measurements"],
      summary: "Delete the record of one date (idempotent)",
      parameters: [timeZoneHeader],
      responses: {
        204: { description: "No record remains on this date." },
        400: problem(`Invalid date (type bad_arguments), or an unknown Time-Zone header or ${malformedPath}.`, ["bad_arguments", "invalid_request"]),
        403: responseRef("Forbidden"),
        ...signedIn,
      },
    },
    options: optionsOperation("optionsMeasurement", "Measurements", { 400: problem(`The path holds ${malformedPath}.`, ["invalid_request"]) }),
  },
};
