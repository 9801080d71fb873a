// GET /api/v1/measurements?from=&to=: a whole range of the caller's records, or a problem (never a partial list).
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { localeFromAcceptLanguage } from "@/lib/i18n/locale";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { jsonResponse } from "@/lib/http/json-response";
import { problemResponse } from "@/lib/http/problem";
import { readWithFaults, unavailableResponse } from "@/lib/http/read-with-faults";
import { measurementListQuerySchema } from "@/lib/http/request-schemas";
import { TIME_ZONE_HEADER, todayFromTimeZoneHeader } from "@/lib/http/time-zone-header";
import { badArgumentsResponse } from "@/lib/http/validation-problems";
import { spanInDays } from "@/lib/measurements/dates";
import { MAX_LIST_SPAN_DAYS } from "@/lib/measurements/fields";
import { listMeasurements } from "@/lib/measurements/read-measurements";
import { validateArguments } from "@/lib/measurements/validation";
import { otherMethods } from "@/lib/http/route-methods";
import { createRequestScope } from "@/lib/scope/request-scope";

export const GET = apiRoute("GET /api/v1/measurements", async (request: Request) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const locale = localeFromAcceptLanguage(request.headers.get("accept-language"));
  const searchParams = new URL(request.url).searchParams;
  const input = { from: searchParams.get("from") ?? undefined, to: searchParams.get("to") ?? undefined };
  const today = todayFromTimeZoneHeader(request.headers.get(TIME_ZONE_HEADER));
  if (!today.ok) return today.response;
  const validation = validateArguments({ schema: measurementListQuerySchema, input, today: today.today });
  if (!validation.ok) return badArgumentsResponse(validation.problems, locale);
  const { from, to } = validation.value;
  const days = spanInDays(from, to);
  if (days > MAX_LIST_SPAN_DAYS) {
    return problemResponse({
      slug: "range_too_large",
      detail: toolErrorMessages[locale].rangeTooLarge({ from, to, days, maxDays: MAX_LIST_SPAN_DAYS }),
      extensions: { from, to, days, max_days: MAX_LIST_SPAN_DAYS },
    });
  }
  const { store, userId, faults } = createRequestScope({ user: authentication.user, locale, today: today.today });
  const read = await readWithFaults({ faults, read: (faults) => listMeasurements({ store, userId, from, to, faults }) });
  if (!read.ok) return unavailableResponse({ scope: `${from} – ${to}`, attempts: read.attempts, locale });
  return jsonResponse(read.value);
});

const other = otherMethods(["GET"]);
export const POST = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
