// GET /api/v1/trend?field=&days=: one field's trend, weekly rate, goal and ETA, as the get_trend tool computes them.
import { localeFromAcceptLanguage } from "@/lib/i18n/locale";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { getTrendResponse } from "@/lib/http/get-trend-response";
import { otherMethods } from "@/lib/http/route-methods";
import { TIME_ZONE_HEADER, todayFromTimeZoneHeader } from "@/lib/http/time-zone-header";

export const GET = apiRoute("GET /api/v1/trend", async (request: Request) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const today = todayFromTimeZoneHeader(request.headers.get(TIME_ZONE_HEADER));
  if (!today.ok) return today.response;
  const locale = localeFromAcceptLanguage(request.headers.get("accept-language"));
  return getTrendResponse({ user: authentication.user, locale, today: today.today, searchParams: new URL(request.url).searchParams });
});

const other = otherMethods(["GET"]);
export const POST = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
