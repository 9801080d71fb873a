// Holds a turn's rows in memory and writes them in as few commits as possible: inside the save's own transaction
// (so the tool call and its outcome commit with the change) and once at the end of the turn.
import "server-only";
import type { QuotaUse } from "@/lib/store/account-store";
import type { MessageRow, TraceEventRow, TurnOutcome } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import type { ToolCallWrite, TurnRows } from "@/lib/store/turn-store";

export type TurnRecorderOptions = {
  store: Store;
  userId: string;
  conversationId: string;
  conversationTitle: string;
  turnId: string;
  traceId: string;
  locale: string;
  provider: string;
  model: string;
  firstSeq: number;
  /** Carried by every write: the store counts it with the turn's first commit only. */
  quotaUse?: QuotaUse;
};

export class TurnRecorder {
  readonly options: TurnRecorderOptions;
  private readonly startedAt = new Date();
  private nextSeq: number;
  private readonly messages: MessageRow[] = [];
  private readonly toolCalls = new Map<string, ToolCallWrite>();
  private readonly traceEvents: TraceEventRow[] = [];
  private outcome: TurnOutcome | null = null;
  private endedAt: Date | null = null;
  private modelRequests = 0;

  constructor(options: TurnRecorderOptions) {
    this.options = options;
    this.nextSeq = options.firstSeq;
  }

  addMessage(options: { id: string; role: "user" | "assistant"; content: string; author: "user" | "model" | "harness" }): void {
    const { conversationId, turnId } = this.options;
    this.messages.push({ ...options, conversationId, turnId, seq: this.nextSeq++, createdAt: new Date() });
  }

  addToolCall(row: Omit<ToolCallWrite, "turnId" | "userId" | "status" | "createdAt">): void {
    this.toolCalls.set(row.id, { ...row, turnId: this.options.turnId, userId: this.options.userId, status: "running", createdAt: new Date() });
  }

  updateToolCall(id: string, changes: Partial<ToolCallWrite>): void {
    const row = this.toolCalls.get(id);
    if (row) Object.assign(row, changes);
  }

  addTraceEvent(type: string, data: Record<string, unknown>): void {
    this.traceEvents.push({ turnId: this.options.turnId, seq: this.traceEvents.length, type, at: new Date(), data: JSON.stringify(data) });
  }

  setModelRequests(count: number): void {
    this.modelRequests = count;
  }

  end(outcome: TurnOutcome): void {
    this.outcome = outcome;
    this.endedAt = new Date();
  }

  /** Every row of the turn so far, for the store to write as idempotent upserts. */
  rows(): TurnRows {
    const { userId, conversationId, conversationTitle, turnId, traceId, locale, provider, model } = this.options;
    return {
      conversation: { id: conversationId, userId, title: conversationTitle, createdAt: this.startedAt, updatedAt: new Date() },
      turn: {
        id: turnId,
        conversationId,
        userId,
        traceId,
        locale,
        provider,
        model,
        outcome: this.outcome,
        modelRequests: this.modelRequests,
        startedAt: this.startedAt,
        endedAt: this.endedAt,
      },
      messages: this.messages,
      toolCalls: [...this.toolCalls.values()],
      traceEvents: this.traceEvents,
      quotaUse: this.options.quotaUse,
    };
  }

  /** One commit with everything of the turn. */
  commit(): Promise<void> {
    return this.options.store.turns.writeRows(this.rows());
  }
}
