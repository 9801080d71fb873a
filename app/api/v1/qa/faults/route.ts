// GET/POST/DELETE /api/v1/qa/faults: list, arm and clear storage faults on the caller's own account; 404 unless QA is on.
import { getStore } from "@/lib/scope/get-store";
import { getEnv } from "@/lib/env";
import { armFault, clearFaults, listFaults } from "@/lib/faults/manage-faults";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { jsonResponse } from "@/lib/http/json-response";
import { problemResponse } from "@/lib/http/problem";
import { readJsonBody } from "@/lib/http/read-json-body";
import { armFaultInputSchema, clearFaultsQuerySchema } from "@/lib/http/request-schemas";
import { invalidRequestResponse } from "@/lib/http/validation-problems";
import { otherMethods } from "@/lib/http/route-methods";

/** Without QA the routes do not exist, as far as any client can tell. */
function qaDisabled(): Response | null {
  return getEnv().qaEnabled ? null : problemResponse({ slug: "not_found", detail: "There is nothing at this address." });
}

export const GET = apiRoute("GET /api/v1/qa/faults", async (request: Request) => {
  const disabled = qaDisabled();
  if (disabled) return disabled;
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  return jsonResponse({ faults: await listFaults({ store: getStore(), userId: authentication.user.id }) });
});

export const POST = apiRoute("POST /api/v1/qa/faults", async (request: Request) => {
  const disabled = qaDisabled();
  if (disabled) return disabled;
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = armFaultInputSchema.safeParse(body.value);
  if (!parsed.success) return invalidRequestResponse(parsed.error, "fault");
  const armed = await armFault({ store: getStore(), userId: authentication.user.id, input: parsed.data });
  return jsonResponse(armed, { status: 201 });
});

export const DELETE = apiRoute("DELETE /api/v1/qa/faults", async (request: Request) => {
  const disabled = qaDisabled();
  if (disabled) return disabled;
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const query = clearFaultsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return invalidRequestResponse(query.error, "query");
  return jsonResponse({ cleared: await clearFaults({ store: getStore(), userId: authentication.user.id, id: query.data.id }) });
});

const other = otherMethods(["GET", "POST", "DELETE"], () => getEnv().qaEnabled);
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const OPTIONS = other.options;
