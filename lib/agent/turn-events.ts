// The events a turn emits while it runs (streamed to the UI and SSE; all but text-delta are also stored as its trace).
import type { ToolCallSkipReason, TurnOutcome } from "@/lib/store/records";

export type TurnEvent =
  | { type: "turn-start"; turnId: string; conversationId: string; traceId: string; provider: string; model: string }
  | { type: "model-request-start"; round: number; provider: string; model: string }
  | {
      type: "model-request-end";
      round: number;
      provider: string;
      model: string;
      status: string;
      latencyMs: number;
      usage?: { inputTokens: number; outputTokens: number };
      toolCalls: number;
    }
  | { type: "text-delta"; delta: string }
  | { type: "tool-call-start"; toolCallId: string; callId: string; name: string; arguments: string; idempotencyKey?: string }
  | {
      type: "tool-call-end";
      toolCallId: string;
      callId: string;
      name: string;
      status: "ok" | "error";
      isError: boolean;
      error?: string;
      recovery?: string;
      attempts: number;
      latencyMs: number;
      idempotencyKey?: string;
      outcome: string;
    }
  /** Sent when the call is stored as skipped (it gets no tool-call-start), so the live chat shows what a replay shows. */
  | { type: "tool-call-skipped"; toolCallId: string; callId: string; name: string; arguments: string; reason: ToolCallSkipReason; idempotencyKey?: string }
  /**
   * `quickReplies`: answers the final reply offers as buttons, each a message the person could type.
   * `untraceableNumbers`: the final answer's numbers that came from neither the message nor a tool result.
   */
  | { type: "turn-end"; outcome: TurnOutcome; reply: string; modelRequests: number; quickReplies?: string[]; untraceableNumbers?: string[] };
