// GET/PUT/DELETE /api/v1/measurements/:date: one record of the caller's; PUT is idempotent by its Idempotency-Key.
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { localeFromAcceptLanguage } from "@/lib/i18n/locale";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { jsonResponse, PERSONAL_CACHE_CONTROL } from "@/lib/http/json-response";
import { problemResponse } from "@/lib/http/problem";
import { putMeasurement } from "@/lib/http/put-measurement";
import { readJsonBody } from "@/lib/http/read-json-body";
import { readWithFaults, unavailableResponse } from "@/lib/http/read-with-faults";
import { TIME_ZONE_HEADER, todayFromTimeZoneHeader } from "@/lib/http/time-zone-header";
import { badArgumentsResponse } from "@/lib/http/validation-problems";
import { deleteMeasurement } from "@/lib/measurements/delete-measurement";
import { getMeasurementByDate } from "@/lib/measurements/read-measurements";
import { readMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";
import { otherMethods } from "@/lib/http/route-methods";
import { getStore } from "@/lib/scope/get-store";
import { createRequestScope } from "@/lib/scope/request-scope";

type Context = { params: Promise<{ date: string }> };

const localeOf = (request: Request) => localeFromAcceptLanguage(request.headers.get("accept-language"));

export const GET = apiRoute("GET /api/v1/measurements/:date", async (request: Request, context: Context) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const locale = localeOf(request);
  const today = todayFromTimeZoneHeader(request.headers.get(TIME_ZONE_HEADER));
  if (!today.ok) return today.response;
  const validation = validateArguments({ schema: readMeasurementInputSchema, input: { date: (await context.params).date }, today: today.today });
  if (!validation.ok) return badArgumentsResponse(validation.problems, locale);
  const { date } = validation.value;
  const { store, userId, faults } = createRequestScope({ user: authentication.user, locale, today: today.today });
  const read = await readWithFaults({ faults, read: (faults) => getMeasurementByDate({ store, userId, date, faults }) });
  if (!read.ok) return unavailableResponse({ scope: date, attempts: read.attempts, locale });
  if (!read.value) return problemResponse({ slug: "not_found", detail: toolErrorMessages[locale].notFound({ date }), extensions: { date } });
  return jsonResponse(read.value);
});

export const PUT = apiRoute("PUT /api/v1/measurements/:date", async (request: Request, context: Context) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return putMeasurement({
    user: authentication.user,
    date: (await context.params).date,
    idempotencyKey: request.headers.get("idempotency-key"),
    timeZone: request.headers.get(TIME_ZONE_HEADER),
    body: body.value,
    locale: localeOf(request),
  });
});

/** Idempotent: deleting a date that holds nothing is the same success. */
export const DELETE = apiRoute("DELETE /api/v1/measurements/:date", async (request: Request, context: Context) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const today = todayFromTimeZoneHeader(request.headers.get(TIME_ZONE_HEADER));
  if (!today.ok) return today.response;
  const validation = validateArguments({ schema: readMeasurementInputSchema, input: { date: (await context.params).date }, today: today.today });
  if (!validation.ok) return badArgumentsResponse(validation.problems, localeOf(request));
  await deleteMeasurement({ store: getStore(), userId: authentication.user.id, date: validation.value.date });
  return new Response(null, { status: 204, headers: { "cache-control": PERSONAL_CACHE_CONTROL } });
});

const other = otherMethods(["GET", "PUT", "DELETE"]);
export const POST = other.refuse;
export const PATCH = other.refuse;
export const OPTIONS = other.options;
