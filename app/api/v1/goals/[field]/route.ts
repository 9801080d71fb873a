// PUT /api/v1/goals/:field: set (or, with target null, remove) the caller's goal for one field, idempotently.
import { localeFromAcceptLanguage } from "@/lib/i18n/locale";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { putGoal } from "@/lib/http/put-goal";
import { readJsonBody } from "@/lib/http/read-json-body";
import { otherMethods } from "@/lib/http/route-methods";
import { TIME_ZONE_HEADER } from "@/lib/http/time-zone-header";

type Context = { params: Promise<{ field: string }> };

export const PUT = apiRoute("PUT /api/v1/goals/:field", async (request: Request, context: Context) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return putGoal({
    user: authentication.user,
    field: (await context.params).field,
    idempotencyKey: request.headers.get("idempotency-key"),
    timeZone: request.headers.get(TIME_ZONE_HEADER),
    body: body.value,
    locale: localeFromAcceptLanguage(request.headers.get("accept-language")),
  });
});

const other = otherMethods(["PUT"]);
export const GET = other.refuse;
export const POST = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
