// GET /api/v1/conversations/:id: every message with its tool calls and stored outcomes; another user's id is 404.
import { getStore } from "@/lib/scope/get-store";
import { getConversation } from "@/lib/conversations/read-conversations";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { jsonResponse } from "@/lib/http/json-response";
import { problemResponse } from "@/lib/http/problem";
import { otherMethods } from "@/lib/http/route-methods";

type Context = { params: Promise<{ id: string }> };

export const GET = apiRoute("GET /api/v1/conversations/:id", async (request: Request, context: Context) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const { id } = await context.params;
  const conversation = await getConversation({ store: getStore(), userId: authentication.user.id, conversationId: id });
  if (!conversation) return problemResponse({ slug: "not_found", detail: "There is no conversation with this id." });
  return jsonResponse(conversation);
});

const other = otherMethods(["GET"]);
export const POST = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
