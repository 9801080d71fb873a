// Runs the tool calls of one model response, in order, through the dispatcher; reports the stop that ends the turn.
import "server-only";
import crypto from "node:crypto";
import { dispatchToolCall, type DispatchResult } from "./dispatch-tool-call";
import type { HistoryItem, ToolCallRequest } from "./history";
import { stopAfterToolCall, type RepeatedFailureGuard, type TurnStop } from "./stop-conditions";
import type { ToolOutcome } from "@/lib/outcome/tool-outcome";
import type { ToolContext, ToolDefinition } from "./tools/tool-definition";
import type { ToolCallSkipReason } from "@/lib/store/records";
import { FAULT_INJECTED_EVENT } from "@/lib/store/turn-store";
import type { TurnEvent } from "./turn-events";
import type { TurnRecorder } from "./turn-recorder";

export type TurnToolCall = {
  id: string;
  callId: string;
  name: string;
  arguments: string;
  status: "ok" | "error" | "skipped";
  isError: boolean;
  error?: string;
  recovery?: string;
  idempotencyKey?: string;
};

/** What every tool call of the turn shares (ToolContext's turn-wide part), and where the round's results go. */
export type ToolRoundContext = Pick<ToolContext, "store" | "userId" | "traceId" | "locale" | "today" | "unitSystem" | "faults"> & {
  registry: ReadonlyMap<string, ToolDefinition>;
  toolTimeoutMs: number;
  recorder: TurnRecorder;
  guard: RepeatedFailureGuard;
  emit: (event: TurnEvent) => void;
  /** Grows with each result, for the next model request. */
  history: HistoryItem[];
  /** Grows with each call, for the turn's result. */
  toolCalls: TurnToolCall[];
};

export type { TurnStop } from "./stop-conditions";

type PendingCall = { id: string; call: ToolCallRequest; idempotencyKey?: string };

function outcomeColumns(outcome: ToolOutcome, serialized: string) {
  return {
    status: outcome.isError ? ("error" as const) : ("ok" as const),
    isError: outcome.isError,
    errorCode: outcome.isError ? outcome.content.error : null,
    recovery: outcome.isError ? outcome.content.recovery : null,
    outcome: serialized,
    finishedAt: new Date(),
  };
}

/** Stores the calls before any runs; a write call gets its idempotency key now, derived from its stored id. */
function registerCalls(context: ToolRoundContext, messageId: string, calls: ToolCallRequest[]): PendingCall[] {
  return calls.map((call, position) => {
    const id = crypto.randomUUID();
    const idempotencyKey = context.registry.get(call.name)?.writes === true ? `tc_${id}` : undefined;
    context.recorder.addToolCall({
      id,
      messageId,
      position,
      callId: call.callId,
      name: call.name,
      arguments: call.arguments,
      providerMetadata: call.providerMetadata ? JSON.stringify(call.providerMetadata) : null,
      idempotencyKey: idempotencyKey ?? null,
    });
    return { id, call, idempotencyKey };
  });
}

/** Stores the calls as skipped and tells the listeners right then, so the live view and a replay show the same chips. */
function skip(context: ToolRoundContext, calls: PendingCall[], reason: ToolCallSkipReason): void {
  for (const { id, call, idempotencyKey } of calls) {
    context.recorder.updateToolCall(id, { status: "skipped" });
    context.emit({ type: "tool-call-skipped", toolCallId: id, callId: call.callId, name: call.name, arguments: call.arguments, reason, idempotencyKey });
    context.toolCalls.push({ id, callId: call.callId, name: call.name, arguments: call.arguments, status: "skipped", isError: false });
  }
}

async function execute(context: ToolRoundContext, { id, call, idempotencyKey }: PendingCall): Promise<DispatchResult> {
  const { store, userId, traceId, locale, today, unitSystem, faults, recorder } = context;
  return dispatchToolCall({
    name: call.name,
    argumentsText: call.arguments,
    registry: context.registry,
    timeoutMs: context.toolTimeoutMs,
    context: {
      store,
      userId,
      traceId,
      locale,
      today,
      unitSystem,
      faults,
      idempotencyKey,
      authorize: () => store.accounts.userExists({ userId }),
      // The call and its outcome commit in the save's own transaction, with the change.
      alsoWrite: (written, serialized) => {
        recorder.updateToolCall(id, { ...outcomeColumns(written, serialized), attempts: 1 });
        return recorder.rows();
      },
    },
  });
}

/**
 * Runs the calls of one response; with `run: false` (the round limit) stores them as skipped. Returns the stop when a
 * stop_turn outcome or the repeated-failure guard ends the turn (the later calls are then skipped, never executed).
 */
export async function runToolCalls(options: {
  context: ToolRoundContext;
  messageId: string;
  calls: ToolCallRequest[];
  run: boolean;
}): Promise<TurnStop | undefined> {
  const { context } = options;
  const pending = registerCalls(context, options.messageId, options.calls);
  if (!options.run) {
    skip(context, pending, "round_limit");
    return undefined;
  }
  for (const [index, entry] of pending.entries()) {
    const { id, call, idempotencyKey } = entry;
    context.emit({ type: "tool-call-start", toolCallId: id, callId: call.callId, name: call.name, arguments: call.arguments, idempotencyKey });
    const blocked = context.guard.blockedBy(call.name, call.arguments);
    const injectedBefore = context.faults.injections().length;
    const result = blocked ? { ...blocked, attempts: 0, latencyMs: 0, handlerRan: false } : await execute(context, entry);
    // The QA faults this call met (armed by the person on /qa): a trace must say the failure was injected, not real.
    const injected = context.faults.injections().slice(injectedBefore);
    if (injected.length > 0) context.recorder.addTraceEvent(FAULT_INJECTED_EVENT, { toolCallId: id, name: call.name, faults: injected });
    const { outcome, serialized } = result;
    const code = outcome.isError ? outcome.content.error : undefined;
    const recovery = outcome.isError ? outcome.content.recovery : undefined;
    const status = outcome.isError ? "error" : "ok";
    context.recorder.updateToolCall(id, { ...outcomeColumns(outcome, serialized), attempts: result.attempts, latencyMs: result.latencyMs });
    context.emit({
      type: "tool-call-end",
      toolCallId: id,
      callId: call.callId,
      name: call.name,
      status,
      isError: outcome.isError,
      error: code,
      recovery,
      attempts: result.attempts,
      latencyMs: result.latencyMs,
      idempotencyKey,
      outcome: serialized,
    });
    context.toolCalls.push({
      id,
      callId: call.callId,
      name: call.name,
      arguments: call.arguments,
      status,
      isError: outcome.isError,
      error: code,
      recovery,
      idempotencyKey,
    });
    context.history.push({ type: "tool-result", callId: call.callId, name: call.name, isError: outcome.isError, content: serialized });

    const stop = stopAfterToolCall({ name: call.name, outcome, blocked: blocked !== undefined, locale: context.locale });
    if (stop) {
      skip(context, pending.slice(index + 1), "turn_stopped");
      return stop;
    }
    context.guard.record({ name: call.name, argumentsText: call.arguments, outcome, serialized });
  }
  return undefined;
}
