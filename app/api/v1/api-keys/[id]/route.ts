// DELETE /api/v1/api-keys/:id: revokes one of the caller's keys at once; a signed-in session only.
import { revokeApiKey } from "@/lib/account/manage-api-keys";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { PERSONAL_CACHE_CONTROL } from "@/lib/http/json-response";
import { problemResponse } from "@/lib/http/problem";
import { otherMethods } from "@/lib/http/route-methods";

type Context = { params: Promise<{ id: string }> };

/** Another person's key answers 404, exactly as a key that never existed. */
export const DELETE = apiRoute("DELETE /api/v1/api-keys/:id", async (request: Request, context: Context) => {
  const authentication = await authenticate(request, { apiKeys: "refuse" });
  if (!authentication.ok) return authentication.response;
  const revoked = await revokeApiKey({ headers: authentication.headers, id: (await context.params).id });
  if (!revoked) return problemResponse({ slug: "not_found", detail: "You have no API key with this id." });
  return new Response(null, { status: 204, headers: { "cache-control": PERSONAL_CACHE_CONTROL } });
});

const other = otherMethods(["DELETE"]);
export const GET = other.refuse;
export const POST = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const OPTIONS = other.options;
