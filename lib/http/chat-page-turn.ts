// The chat page's turn, for its server action: the page's request read by the API's own schema, the API's events as
// they are, and where the API would answer with a problem, one turn-refused event naming why.
import "server-only";
import { z } from "zod";
import type { ChatActionEvent, TurnFailureReason } from "@/lib/chat/chat-event";
import { locales } from "@/lib/i18n/locale";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import type { ProviderName } from "@/lib/env";
import { logEvent } from "@/lib/observability/logger";
import { openChatEventStream, startChatTurn, type ChatTurnRefusal } from "./chat-turn-events";
import { chatRequestSchema } from "./request-schemas";

/**
 * POST /api/v1/chat's body, with the page's language always named. The browser's IANA zone only decides "today": the
 * page sends whatever the browser reports, so anything that is not a string is dropped, and an unknown name falls back
 * to the server's date in runChatTurn. Neither refuses the turn (an API client's unknown zone is a 400).
 */
export const chatPageRequestSchema = chatRequestSchema.extend({ locale: z.enum(locales), timeZone: z.string().optional().catch(undefined) });

/** As the page calls the action (locale unchecked until the schema reads it). */
export type ChatPageRequest = { conversationId?: string; message: string; locale: string; timeZone?: string };

/** Which refusal the page shows for a request the schema does not accept. */
function refusalOfInvalidRequest(error: z.ZodError): TurnFailureReason {
  const tooLong = error.issues.some((issue) => issue.path[0] === "message" && issue.code === "too_big");
  return tooLong ? "message_too_long" : "unexpected";
}

function refusalOfProblem(problem: ChatTurnRefusal): Extract<ChatActionEvent, { event: "turn-refused" }>["data"] {
  if (problem.slug === "not_found") return { reason: "conversation_not_found" };
  const retryAfterSeconds = problem.extensions?.retryAfterSeconds;
  if (problem.slug === "rate_limited" && typeof retryAfterSeconds === "number") return { reason: "rate_limited", retryAfterSeconds };
  return { reason: "unexpected" };
}

function refused(data: Extract<ChatActionEvent, { event: "turn-refused" }>["data"]): ReadableStream<ChatActionEvent> {
  return new ReadableStream<ChatActionEvent>({
    start(controller) {
      controller.enqueue({ event: "turn-refused", data });
      controller.close();
    },
  });
}

/** Runs one turn for the signed-in user; the stream's last event is turn-end, error or turn-refused. */
export async function startChatPageTurn(options: {
  request: ChatPageRequest;
  userId: string;
  units: UnitSystem;
  providerName: ProviderName;
}): Promise<ReadableStream<ChatActionEvent>> {
  const parsed = chatPageRequestSchema.safeParse(options.request);
  if (!parsed.success) return refused({ reason: refusalOfInvalidRequest(parsed.error) });
  try {
    const stream = openChatEventStream();
    const turn = await startChatTurn({ userId: options.userId, units: options.units, providerName: options.providerName, ...parsed.data }, stream);
    return turn.ok ? stream.events : refused(refusalOfProblem(turn.problem));
  } catch (error) {
    logEvent("error", "chat-action-failed", { user_id: options.userId, error });
    return refused({ reason: "unexpected" });
  }
}
