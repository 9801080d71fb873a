// GET /api/v1/conversations: the caller's conversations, newest first, a page at a time.
import { getDatabase } from "@/db/client";
import { listConversations } from "@/lib/conversations/read-conversations";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { jsonResponse } from "@/lib/http/json-response";
import { conversationListQuerySchema } from "@/lib/http/request-schemas";
import { invalidRequestResponse } from "@/lib/http/validation-problems";

const DEFAULT_PAGE_SIZE = 20;

export const GET = apiRoute("GET /api/v1/conversations", async (request: Request) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const query = conversationListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return invalidRequestResponse(query.error, "query");
  const limit = query.data.limit ?? DEFAULT_PAGE_SIZE;
  const conversations = listConversations({ db: getDatabase().db, userId: authentication.user.id, limit, before: query.data.before });
  const nextBefore = conversations.length === limit ? (conversations.at(-1)?.updatedAt ?? null) : null;
  return jsonResponse({ conversations, nextBefore });
});
