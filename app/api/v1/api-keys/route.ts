// GET/POST /api/v1/api-keys: list and create the caller's API keys; a signed-in session only (a key cannot make keys).
import { createApiKeyInputSchema } from "@/lib/account/api-key-scope";
import { createApiKey, listApiKeys } from "@/lib/account/manage-api-keys";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { jsonResponse } from "@/lib/http/json-response";
import { readJsonBody } from "@/lib/http/read-json-body";
import { otherMethods } from "@/lib/http/route-methods";
import { invalidRequestResponse } from "@/lib/http/validation-problems";

export const GET = apiRoute("GET /api/v1/api-keys", async (request: Request) => {
  const authentication = await authenticate(request, { apiKeys: "refuse" });
  if (!authentication.ok) return authentication.response;
  return jsonResponse({ keys: await listApiKeys(authentication.headers) });
});

/** 201 with the key itself: the only time it is ever shown (only its hash is stored). */
export const POST = apiRoute("POST /api/v1/api-keys", async (request: Request) => {
  const authentication = await authenticate(request, { apiKeys: "refuse" });
  if (!authentication.ok) return authentication.response;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = createApiKeyInputSchema.safeParse(body.value);
  if (!parsed.success) return invalidRequestResponse(parsed.error, "API key");
  return jsonResponse(await createApiKey({ userId: authentication.user.id, ...parsed.data }), { status: 201 });
});

const other = otherMethods(["GET", "POST"]);
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
