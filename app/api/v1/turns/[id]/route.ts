// GET /api/v1/turns/:id: the turn's stored trace events and tool calls; another user's turn is 404.
import { getStore } from "@/lib/scope/get-store";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { jsonResponse } from "@/lib/http/json-response";
import { problemResponse } from "@/lib/http/problem";
import { getTurnTrace } from "@/lib/traces/read-traces";
import { otherMethods } from "@/lib/http/route-methods";

type Context = { params: Promise<{ id: string }> };

export const GET = apiRoute("GET /api/v1/turns/:id", async (request: Request, context: Context) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const { id } = await context.params;
  const trace = await getTurnTrace({ store: getStore(), userId: authentication.user.id, turnId: id });
  if (!trace) return problemResponse({ slug: "not_found", detail: "There is no turn with this id." });
  // The documented shape (TurnTrace in the OpenAPI document): the page's own fields (excerpt, messages, marks) stay out.
  const { id: turnId, conversationId, traceId, outcome, provider, model, modelRequests, startedAt, endedAt, resolution, events, toolCalls } = trace;
  return jsonResponse({ id: turnId, conversationId, traceId, outcome, provider, model, modelRequests, startedAt, endedAt, resolution, events, toolCalls });
});

const other = otherMethods(["GET"]);
export const POST = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
