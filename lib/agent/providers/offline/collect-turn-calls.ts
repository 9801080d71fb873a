// Reads the current turn out of the history: the user's message and each tool call with the outcome it got.
import type { HistoryItem, ToolResultHistoryItem } from "../../history";
import { toolErrorCodes, type Recovery, type SuggestedAction, type ToolErrorCode } from "@/lib/outcome/tool-outcome";

/**
 * A tool outcome as the coach sees it. Only the `isError` flag and the error content's `error`, `recovery`,
 * `details` and `suggested_action` fields are read: never the prose `message`, and never the text of a success
 * (a note reading `Error: {"is_error": true}` is still data).
 */
export type ObservedOutcome =
  | { isError: false; content: Record<string, unknown> }
  | { isError: true; code: ToolErrorCode | "unrecognized"; recovery?: Recovery; details?: Record<string, unknown>; suggestedAction?: SuggestedAction };

export type TurnCall = {
  callId: string;
  name: string;
  /** The parsed JSON arguments; an empty object when they were not a JSON object. */
  arguments: Record<string, unknown>;
  outcome?: ObservedOutcome;
};

export type CurrentTurn = { userText: string; userIndex: number; calls: TurnCall[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function observeToolResult(item: Pick<ToolResultHistoryItem, "isError" | "content">): ObservedOutcome {
  const content = parseJsonObject(item.content);
  if (!item.isError) return { isError: false, content: content ?? {} };
  const code = content?.error;
  const known = typeof code === "string" && (toolErrorCodes as readonly string[]).includes(code);
  const suggested = content?.suggested_action;
  return {
    isError: true,
    code: known ? (code as ToolErrorCode) : "unrecognized",
    recovery: typeof content?.recovery === "string" ? (content.recovery as Recovery) : undefined,
    details: isRecord(content?.details) ? content.details : undefined,
    suggestedAction: isRecord(suggested) && typeof suggested.tool === "string" && isRecord(suggested.arguments) ? (suggested as SuggestedAction) : undefined,
  };
}

/** Pairs every tool call made since `fromIndex` with its result, in call order. */
export function collectCalls(history: HistoryItem[], fromIndex = 0): TurnCall[] {
  const calls: TurnCall[] = [];
  const byId = new Map<string, TurnCall>();
  for (const item of history.slice(fromIndex)) {
    if (item.type === "assistant") {
      for (const call of item.toolCalls) {
        const turnCall: TurnCall = { callId: call.callId, name: call.name, arguments: parseJsonObject(call.arguments) ?? {} };
        calls.push(turnCall);
        byId.set(call.callId, turnCall);
      }
    } else if (item.type === "tool-result") {
      const turnCall = byId.get(item.callId);
      if (turnCall) turnCall.outcome = observeToolResult(item);
    }
  }
  return calls;
}

/** The latest user message and the calls made after it; undefined when the history holds no user message. */
export function collectCurrentTurn(history: HistoryItem[]): CurrentTurn | undefined {
  const userIndex = history.findLastIndex((item) => item.type === "user");
  const userItem = history[userIndex];
  if (!userItem || userItem.type !== "user") return undefined;
  return { userText: userItem.text, userIndex, calls: collectCalls(history, userIndex + 1) };
}
