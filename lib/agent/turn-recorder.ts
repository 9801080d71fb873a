// Holds a turn's rows in memory and writes them in as few commits as possible: inside the save's own transaction
// (so the tool call and its outcome commit with the change) and once at the end of the turn.
import "server-only";
import { sql } from "drizzle-orm";
import type { AppDatabase, DatabaseHandle } from "@/db/client";
import { message, type toolCall, type traceEvent } from "@/db/schema";
import { insertMessage, insertTraceEvent, upsertConversation, upsertToolCall, upsertTurn } from "./prepared-row-writes";
import type { TurnOutcome } from "./turn-outcome";

type MessageRow = typeof message.$inferInsert;
type ToolCallRow = typeof toolCall.$inferInsert & { id: string };
type TraceEventRow = typeof traceEvent.$inferInsert;

export type TurnRecorderOptions = {
  handle: DatabaseHandle;
  userId: string;
  conversationId: string;
  conversationTitle: string;
  turnId: string;
  traceId: string;
  locale: string;
  provider: string;
  model: string;
  firstSeq: number;
};

export class TurnRecorder {
  readonly options: TurnRecorderOptions;
  private readonly startedAt = new Date();
  private nextSeq: number;
  private readonly messages: MessageRow[] = [];
  private readonly toolCalls = new Map<string, ToolCallRow>();
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

  addToolCall(row: Omit<ToolCallRow, "turnId" | "userId" | "status" | "createdAt">): void {
    this.toolCalls.set(row.id, { ...row, turnId: this.options.turnId, userId: this.options.userId, status: "running", createdAt: new Date() });
  }

  updateToolCall(id: string, changes: Partial<ToolCallRow>): void {
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

  /** Writes every row of the turn (idempotent upserts) on the caller's open transaction. Synchronous by design. */
  writeRows(db: AppDatabase): void {
    const { userId, conversationId, conversationTitle, turnId, traceId, locale, provider, model } = this.options;
    const now = new Date();
    upsertConversation(db, { id: conversationId, userId, title: conversationTitle, createdAt: this.startedAt, updatedAt: now });
    upsertTurn(db, { id: turnId, conversationId, userId, traceId, locale, provider, model, outcome: this.outcome, modelRequests: this.modelRequests, startedAt: this.startedAt, endedAt: this.endedAt });
    // One compiled statement per row shape, run per row: cheaper than building a multi-row insert through drizzle.
    for (const row of this.messages) insertMessage(db, row);
    for (const row of this.toolCalls.values()) upsertToolCall(db, row);
    for (const row of this.traceEvents) insertTraceEvent(db, row);
  }

  /** One commit with everything of the turn. */
  commit(): void {
    const { db } = this.options.handle;
    // The statements run on `db`, whose compiled statements are cached per connection; they share the connection's
    // open transaction (better-sqlite3 transactions belong to the connection, not to the `tx` object).
    db.transaction(() => this.writeRows(db), { behavior: "immediate" });
  }
}

/** The next free message position of a conversation. */
export function nextMessageSeq(db: AppDatabase, conversationId: string): number {
  const row = db.get<{ next: number }>(sql`select coalesce(max(${message.seq}), -1) + 1 as next from ${message} where ${message.conversationId} = ${conversationId}`);
  return row?.next ?? 0;
}
