// GET /api/v1/conversations: the caller's conversations, newest first, a page at a time.
import { getStore } from "@/lib/scope/get-store";
import { listConversationPage } from "@/lib/conversations/list-conversation-page";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { jsonResponse } from "@/lib/http/json-response";
import { conversationListQuerySchema } from "@/lib/http/request-schemas";
import { invalidRequestResponse } from "@/lib/http/validation-problems";
import { otherMethods } from "@/lib/http/route-methods";

const DEFAULT_PAGE_SIZE = 20;

export const GET = apiRoute("GET /api/v1/conversations", async (request: Request) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const query = conversationListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return invalidRequestResponse(query.error, "query");
  const limit = query.data.limit ?? DEFAULT_PAGE_SIZE;
  const { before, beforeId } = query.data;
  return jsonResponse(await listConversationPage({ store: getStore(), userId: authentication.user.id, limit, before, beforeId }));
});

const other = otherMethods(["GET"]);
export const POST = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
