// One chat turn: rebuild history from the database, ask the model, run the tools it asks for through the dispatcher,
// and repeat until it answers or a stop condition holds. Exactly one model request per round, and no other.
import "server-only";
import crypto from "node:crypto";
import { createStorageFaults, type StorageFaults } from "@/lib/faults/storage-faults";
import type { Locale } from "@/lib/i18n/locale";
import { todayIn } from "@/lib/measurements/dates";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { truncateCodePoints } from "@/lib/text/well-formed-text";
import { logEvent } from "@/lib/observability/logger";
import { getMetrics } from "@/lib/observability/metrics";
import { newTraceId } from "@/lib/observability/trace-id";
import type { QuotaUse } from "@/lib/store/account-store";
import type { Store } from "@/lib/store/store";
import { findUntraceableNumbers } from "./find-untraceable-numbers";
import type { HistoryItem } from "./history";
import { loadHistory } from "./load-history";
import { turnMessages } from "./messages/turn-messages";
import { ProviderError, type ModelProvider, type ModelResponse } from "./providers/types";
import { runToolCalls, type ToolRoundContext, type TurnToolCall } from "./run-tool-calls";
import { DEFAULT_MAX_ROUNDS, RepeatedFailureGuard } from "./stop-conditions";
import { buildSystemPrompt } from "./system-prompt";
import { getToolDeclarations, toolsByName } from "./tools/index";
import type { ToolDefinition } from "./tools/tool-definition";
import type { TurnEvent } from "./turn-events";
import type { TurnOutcome } from "@/lib/store/records";
import { TurnRecorder } from "./turn-recorder";

export type RunTurnOptions = {
  store: Store;
  userId: string;
  conversationId?: string;
  message: string;
  locale: Locale;
  provider: ModelProvider;
  /** QA storage faults are consulted only when true (ignored when `faults` is given). */
  faultsEnabled?: boolean;
  /** The request scope's faults and trace id; built here when absent (tests, drills, benches). */
  faults?: StorageFaults;
  traceId?: string;
  toolTimeoutMs?: number;
  maxRounds?: number;
  today?: string;
  /** The person's unit preference (metric when absent): told to the model, and used by reads for display_values. */
  unitSystem?: UnitSystem;
  onEvent?: (event: TurnEvent) => void;
  registry?: ReadonlyMap<string, ToolDefinition>;
  /** The chat quota's admitted use, counted by the turn's first commit. */
  quotaUse?: QuotaUse;
};

export type { TurnToolCall } from "./run-tool-calls";

export type TurnResult = {
  conversationId: string;
  turnId: string;
  traceId: string;
  outcome: TurnOutcome;
  reply: string;
  toolCalls: TurnToolCall[];
  modelRequests: number;
  /** The answers the final reply offers as buttons (the built-in coach's questions); absent when it offers none. */
  quickReplies?: string[];
  /** Numbers of the final answer traced to neither the message nor a tool result (empty when all traced). */
  untraceableNumbers: string[];
};

/** The conversation does not exist for this user (another user's id included): callers answer 404. */
export class ConversationNotFoundError extends Error {}

const DEFAULT_TOOL_TIMEOUT_MS = 5_000;
const newId = () => crypto.randomUUID();

/**
 * Runs the traceable-number check on a final answer and counts what it finds, by provider. The sources are what the
 * model was given in this conversation: the person's messages and every tool result (a reply to "yes, replace it"
 * may repeat the value the previous turn's conflict named).
 */
function checkFinalAnswer(options: { text: string; history: HistoryItem[]; today: string; provider: string }): string[] {
  const toolResults = options.history.flatMap((item) => (item.type === "tool-result" ? [item.content] : []));
  const userMessage = options.history.flatMap((item) => (item.type === "user" ? [item.text] : [])).join("\n");
  const found = findUntraceableNumbers({ reply: options.text, userMessage, toolResults, today: options.today });
  if (found.length > 0) getMetrics().untraceableNumbers.inc({ provider: options.provider }, found.length);
  return found;
}

export async function runTurn(options: RunTurnOptions): Promise<TurnResult> {
  const { store, userId, locale, provider } = options;
  const registry = options.registry ?? toolsByName;
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const today = options.today ?? todayIn();
  const unitSystem = options.unitSystem ?? "metric";
  // The text SQLite will store, so the model is sent exactly what a replay shows.
  const message = options.message.toWellFormed();
  const startedAt = performance.now();

  let conversationId = options.conversationId;
  let history: HistoryItem[] = [];
  if (conversationId) {
    if (!(await store.conversations.isOwnedBy({ userId, conversationId }))) throw new ConversationNotFoundError("conversation not found");
    history = await loadHistory(store, conversationId);
  }
  conversationId ??= newId();
  const turnId = newId();
  const traceId = options.traceId ?? newTraceId();
  const recorder = new TurnRecorder({
    store,
    userId,
    conversationId,
    turnId,
    traceId,
    locale,
    conversationTitle: truncateCodePoints(message.trim(), 80) || "…",
    provider: provider.name,
    model: provider.model,
    firstSeq: options.conversationId ? await store.conversations.nextMessageSeq({ conversationId }) : 0,
    quotaUse: options.quotaUse,
  });
  const emit = (event: TurnEvent) => {
    if (event.type !== "text-delta") recorder.addTraceEvent(event.type, event);
    try {
      options.onEvent?.(event);
    } catch (error) {
      // A listener that went away (a closed browser tab) must not break the turn.
      logEvent("warn", "turn-event-listener-failed", { trace_id: traceId, error });
    }
  };

  emit({ type: "turn-start", turnId, conversationId, traceId, provider: provider.name, model: provider.model });
  recorder.addMessage({ id: newId(), role: "user", content: message, author: "user" });
  history.push({ type: "user", text: message });
  let untraceableNumbers: string[] = [];

  const faults = options.faults ?? createStorageFaults({ store, userId, enabled: options.faultsEnabled === true });
  const guard = new RepeatedFailureGuard();
  const toolCalls: TurnToolCall[] = [];
  const replyParts: string[] = [];
  const system = buildSystemPrompt({ today, locale, unitSystem });
  let outcome: TurnOutcome = "round_limit";
  let quickReplies: string[] | undefined;
  let modelRequests = 0;

  const finishWithHarnessMessage = (text: string) => {
    recorder.addMessage({ id: newId(), role: "assistant", content: text, author: "harness" });
    emit({ type: "text-delta", delta: replyParts.length > 0 ? `\n\n${text}` : text });
    replyParts.push(text);
  };

  const roundContext: ToolRoundContext = {
    store,
    userId,
    traceId,
    locale,
    today,
    unitSystem,
    faults,
    registry,
    recorder,
    guard,
    emit,
    history,
    toolCalls,
    toolTimeoutMs: options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
  };

  for (let round = 1; round <= maxRounds; round += 1) {
    modelRequests += 1;
    emit({ type: "model-request-start", round, provider: provider.name, model: provider.model });
    const requestStartedAt = performance.now();
    let response: ModelResponse;
    let streamed = "";
    try {
      response = await provider.generate(
        { system, history, tools: getToolDeclarations(), locale },
        {
          onTextDelta: (delta) => {
            streamed += delta;
            emit({ type: "text-delta", delta });
          },
        },
      );
    } catch (error) {
      const isProviderFailure = error instanceof ProviderError;
      const status = isProviderFailure ? error.kind : "local_failure";
      getMetrics().modelRequests.inc({ provider: provider.name, status });
      emit({
        type: "model-request-end",
        round,
        provider: provider.name,
        model: provider.model,
        status,
        latencyMs: performance.now() - requestStartedAt,
        toolCalls: 0,
      });
      logEvent("error", isProviderFailure ? "provider-failure" : "turn-local-failure", { trace_id: traceId, provider: provider.name, error });
      outcome = isProviderFailure ? "provider_error" : "internal_error";
      finishWithHarnessMessage(isProviderFailure ? turnMessages[locale].provider({ kind: error.kind }) : turnMessages[locale].internalError());
      break;
    }
    const latencyMs = performance.now() - requestStartedAt;
    getMetrics().modelRequests.inc({ provider: provider.name, status: "ok" });
    getMetrics().modelLatency.observe({ provider: provider.name }, latencyMs / 1000);
    emit({
      type: "model-request-end",
      round,
      provider: provider.name,
      model: provider.model,
      status: "ok",
      latencyMs,
      usage: response.usage,
      toolCalls: response.toolCalls.length,
    });
    if (response.text && streamed === "") emit({ type: "text-delta", delta: response.text });
    if (response.text) replyParts.push(response.text);

    const messageId = newId();
    if (response.toolCalls.length === 0) {
      untraceableNumbers = checkFinalAnswer({ text: response.text, history, today, provider: provider.name });
      if (untraceableNumbers.length > 0) recorder.addTraceEvent("untraceable-numbers", { numbers: untraceableNumbers });
    }
    recorder.addMessage({
      id: messageId,
      role: "assistant",
      content: response.text,
      author: "model",
      ...(untraceableNumbers.length > 0 ? { untraceableNumbers } : {}),
    });
    history.push({ type: "assistant", text: response.text, toolCalls: response.toolCalls });
    if (response.toolCalls.length === 0) {
      outcome = "answered";
      if (response.quickReplies?.length) quickReplies = response.quickReplies;
      break;
    }

    const stop = await runToolCalls({ context: roundContext, messageId, calls: response.toolCalls, run: round < maxRounds });
    if (stop) {
      outcome = stop.outcome;
      finishWithHarnessMessage(stop.message);
      break;
    }
    if (round === maxRounds) {
      outcome = "round_limit";
      finishWithHarnessMessage(turnMessages[locale].roundLimit({ limit: maxRounds }));
    }
  }

  const reply = replyParts.join("\n\n");
  recorder.setModelRequests(modelRequests);
  emit({
    type: "turn-end",
    outcome,
    reply,
    modelRequests,
    ...(quickReplies ? { quickReplies } : {}),
    ...(untraceableNumbers.length > 0 ? { untraceableNumbers } : {}),
  });
  recorder.end(outcome);
  try {
    await recorder.commit();
  } catch (error) {
    logEvent("error", "turn-record-failed", { trace_id: traceId, error });
  }
  getMetrics().turns.inc({ outcome });
  getMetrics().turnLatency.observe((performance.now() - startedAt) / 1000);
  return { conversationId, turnId, traceId, outcome, reply, toolCalls, modelRequests, untraceableNumbers, ...(quickReplies ? { quickReplies } : {}) };
}
