// POST /api/v1/measurements/import: the export's CSV or JSON file back in (lib/http/post-measurement-import.ts).
import { localeFromAcceptLanguage } from "@/lib/i18n/locale";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { postMeasurementImport } from "@/lib/http/post-measurement-import";
import { otherMethods } from "@/lib/http/route-methods";

export const POST = apiRoute("POST /api/v1/measurements/import", async (request: Request) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  return postMeasurementImport({ request, userId: authentication.user.id, locale: localeFromAcceptLanguage(request.headers.get("accept-language")) });
});

const other = otherMethods(["POST"]);
export const GET = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
