// POST /api/v1/chat: one Coach turn, answered as JSON or, with `Accept: text/event-stream`, streamed as SSE.
import { chooseProvider } from "@/lib/chat/run-chat-turn";
import { localeFromAcceptLanguage } from "@/lib/i18n/locale";
import { apiRoute } from "@/lib/http/api-route";
import { authenticate } from "@/lib/http/authenticate";
import { readJsonBody } from "@/lib/http/read-json-body";
import { chatRequestSchema } from "@/lib/http/request-schemas";
import { chatTurnResponse } from "@/lib/http/chat-turn-response";
import { API_CACHE_CONTROL, registerDirectRoute, STREAMED_CHAT_CACHE_CONTROL } from "@/lib/http/direct-routes";
import { invalidRequestResponse } from "@/lib/http/validation-problems";
import { otherMethods } from "@/lib/http/route-methods";

export const POST = apiRoute("POST /api/v1/chat", async (request: Request) => {
  const authentication = await authenticate(request);
  if (!authentication.ok) return authentication.response;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = chatRequestSchema.safeParse(body.value);
  if (!parsed.success) return invalidRequestResponse(parsed.error, "chat request");
  return chatTurnResponse({
    userId: authentication.user.id,
    conversationId: parsed.data.conversationId,
    message: parsed.data.message,
    locale: parsed.data.locale ?? localeFromAcceptLanguage(request.headers.get("accept-language")),
    timeZone: parsed.data.timeZone,
    units: authentication.user.units,
    // QA only: lets the E2E suite pick another configured provider per request.
    providerName: chooseProvider(request.headers.get("x-palestra-provider")),
    stream: request.headers.get("accept")?.includes("text/event-stream") === true,
  });
});

// Once this module is loaded, the server's entry hands a turn straight to POST (lib/http/direct-routes.ts).
registerDirectRoute({
  method: "POST",
  path: "/api/v1/chat",
  cacheControl: (request) => (request.headers.accept?.includes("text/event-stream") ? STREAMED_CHAT_CACHE_CONTROL : API_CACHE_CONTROL),
  handler: (request) => POST(request, undefined),
});

const other = otherMethods(["POST"]);
export const GET = other.refuse;
export const PUT = other.refuse;
export const PATCH = other.refuse;
export const DELETE = other.refuse;
export const OPTIONS = other.options;
