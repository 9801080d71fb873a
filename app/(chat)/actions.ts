"use server";
// Server actions of the chat: run a turn and stream its events, and resolve an uncertain save when the user asks.
import { headers } from "next/headers";
import { z } from "zod";
import { chooseProvider, runChatTurn } from "@/lib/chat/run-chat-turn";
import { ConversationNotFoundError } from "@/lib/agent/run-turn";
import { checkUncertainWrite, retryUncertainWrite, type WriteResolution } from "@/lib/agent/uncertain-writes";
import { MAX_CHAT_MESSAGE_LENGTH, type ChatStreamEvent } from "@/lib/chat/chat-stream-event";
import { sendMessageSchema, type SendMessageInput } from "@/lib/chat/send-message-input";
import { getLocale } from "@/lib/i18n/get-locale";
import { logEvent } from "@/lib/observability/logger";
import { getStore } from "@/lib/scope/get-store";
import { createRequestScope } from "@/lib/scope/request-scope";
import { requireUser } from "@/lib/session";

/** A stream that ignores writes once the browser has gone away (the turn itself runs to its end either way). */
function openEventStream(run: (send: (event: ChatStreamEvent) => void) => Promise<void>): ReadableStream<ChatStreamEvent> {
  let open = true;
  return new ReadableStream<ChatStreamEvent>({
    start(controller) {
      const send = (event: ChatStreamEvent) => {
        if (open) controller.enqueue(event);
      };
      void run(send).finally(() => {
        if (open) controller.close();
        open = false;
      });
    },
    cancel() {
      open = false;
    },
  });
}

/** Runs one turn for the signed-in user and streams its events; the last event is turn-end or turn-refused. */
export async function sendChatMessageAction(input: SendMessageInput): Promise<ReadableStream<ChatStreamEvent>> {
  const user = await requireUser();
  const parsed = sendMessageSchema.safeParse(input);
  const providerName = chooseProvider((await headers()).get("x-palestra-provider"));
  return openEventStream(async (send) => {
    if (!parsed.success) return send({ type: "turn-refused", reason: "unexpected" });
    if (parsed.data.message.length > MAX_CHAT_MESSAGE_LENGTH) return send({ type: "turn-refused", reason: "message_too_long" });
    try {
      const result = await runChatTurn({ userId: user.id, units: user.units, ...parsed.data, providerName, onEvent: send });
      if (!result.ok) send({ type: "turn-refused", reason: "rate_limited", retryAfterSeconds: result.retryAfterSeconds });
    } catch (error) {
      if (error instanceof ConversationNotFoundError) return send({ type: "turn-refused", reason: "conversation_not_found" });
      logEvent("error", "chat-action-failed", { user_id: user.id, error });
      send({ type: "turn-refused", reason: "unexpected" });
    }
  });
}

// timeZone: the browser's, for "Save it now" (re-validated against the person's today); never a reason to refuse.
const toolCallInputSchema = z.object({ toolCallId: z.string().min(1).max(100), timeZone: z.string().optional().catch(undefined) });

export type CheckWriteResult = { ok: true; resolution: WriteResolution } | { ok: false; reason: "not_found" };

/** Looks the save's idempotency key up; never writes anything but the resolution it found. */
export async function checkWriteAction(input: { toolCallId: string }): Promise<CheckWriteResult> {
  const user = await requireUser();
  const parsed = toolCallInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "not_found" };
  const found = await checkUncertainWrite({ store: getStore(), userId: user.id, toolCallId: parsed.data.toolCallId });
  return found ? { ok: true, resolution: found.resolution } : { ok: false, reason: "not_found" };
}

export type SaveNowResult =
  /** `resolution`: saved_now when this re-run stored it; saved when the key already held the first save (replayed). */
  | { ok: true; status: "saved"; resolution: WriteResolution | null }
  /** `resolution`: what the re-run recorded on the call (refused, not_saved, or null when unknown again). */
  | { ok: false; reason: "refused"; code: string; message: string; resolution: WriteResolution | null }
  | { ok: false; reason: "not_found" };

/** Runs the same save again with its original key (asked for by the user), so it is stored at most once. */
export async function saveNowAction(input: { toolCallId: string; timeZone?: string }): Promise<SaveNowResult> {
  const user = await requireUser();
  const parsed = toolCallInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "not_found" };
  // "Save it now" waits no longer than the Coach's own save did, and checks the date against the person's today.
  const { store, locale, traceId, faults, toolTimeoutMs, today } = createRequestScope({ user, locale: await getLocale(), timeZone: parsed.data.timeZone });
  const result = await retryUncertainWrite({
    store,
    userId: user.id,
    toolCallId: parsed.data.toolCallId,
    locale,
    traceId,
    faults,
    timeoutMs: toolTimeoutMs,
    today,
  });
  if (!result) return { ok: false, reason: "not_found" };
  if (result.outcome.isError)
    return { ok: false, reason: "refused", code: result.outcome.content.error, message: result.outcome.content.message, resolution: result.resolution };
  return { ok: true, status: "saved", resolution: result.resolution };
}
