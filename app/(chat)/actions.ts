"use server";
// Server actions of the chat: run a turn and stream its events, and resolve an uncertain save when the user asks.
import { headers } from "next/headers";
import { z } from "zod";
import { chooseProvider } from "@/lib/chat/run-chat-turn";
import { checkUncertainWrite, retryUncertainWrite, type WriteResolution } from "@/lib/agent/uncertain-writes";
import type { ChatActionEvent } from "@/lib/chat/chat-event";
import { startChatPageTurn, type ChatPageRequest } from "@/lib/http/chat-page-turn";
import { getLocale } from "@/lib/i18n/get-locale";
import { getStore } from "@/lib/scope/get-store";
import { createRequestScope } from "@/lib/scope/request-scope";
import { requireUser } from "@/lib/session";

/** Runs one turn for the signed-in user and streams POST /api/v1/chat's events; the last is turn-end, error or turn-refused. */
export async function sendChatMessageAction(input: ChatPageRequest): Promise<ReadableStream<ChatActionEvent>> {
  const user = await requireUser();
  const providerName = chooseProvider((await headers()).get("x-palestra-provider"));
  return startChatPageTurn({ request: input, userId: user.id, units: user.units, providerName });
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
