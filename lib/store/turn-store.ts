// The port's conversations and turns: the turn's rows as written by the loop, history, read models and traces.
import type { QuotaUse } from "./account-store";
import type { ConversationRow, FaultMode, FaultTarget, MessageRow, ToolCallRow, TraceEventRow, TurnRow, WriteResolution } from "./records";

/** The columns a tool call always carries; the others are written only when present. */
type ToolCallIdentity = "id" | "messageId" | "turnId" | "userId" | "position" | "callId" | "name" | "arguments" | "status" | "createdAt";

/** A tool call as the loop writes it: an absent column keeps what is stored (its default, when new). */
export type ToolCallWrite = Pick<ToolCallRow, ToolCallIdentity> & Partial<Omit<ToolCallRow, ToolCallIdentity>>;

/** Everything a turn has produced so far: written as idempotent upserts, so a later write supersedes an earlier one. */
export type TurnRows = {
  /** Inserted when new; an existing conversation only gets `updatedAt`. */
  conversation: ConversationRow;
  /** Inserted when new; afterwards only outcome, modelRequests and endedAt change. */
  turn: TurnRow;
  /** Inserted once (a message already stored is left as it is). */
  messages: readonly MessageRow[];
  /** Upserted: every column present, but the id, follows the latest write. */
  toolCalls: readonly ToolCallWrite[];
  /** Inserted once per (turn, seq). */
  traceEvents: readonly TraceEventRow[];
  /** The quota use admitted for this turn: counted by the commit that first writes the turn row, in the same transaction. */
  quotaUse?: QuotaUse;
};

export type ConversationSummary = { id: string; title: string; createdAt: string; updatedAt: string };

export type StoredToolCall = {
  id: string;
  callId: string;
  name: string;
  arguments: string;
  status: "running" | "ok" | "error" | "skipped";
  isError: boolean | null;
  error: string | null;
  recovery: string | null;
  outcome: string | null;
  attempts: number;
  latencyMs: number | null;
  idempotencyKey: string | null;
  resolution: WriteResolution | null;
};

export type StoredMessage = {
  id: string;
  turnId: string;
  role: "user" | "assistant";
  author: "user" | "model" | "harness";
  content: string;
  /** A final answer's numbers traced to neither the message nor a tool result (absent when all traced). */
  untraceableNumbers?: string[];
  createdAt: string;
  toolCalls: StoredToolCall[];
};

export type ConversationDetail = ConversationSummary & {
  messages: StoredMessage[];
  turns: {
    id: string;
    outcome: string | null;
    provider: string;
    model: string;
    modelRequests: number;
    startedAt: string;
    /** As TurnSummary's: what became of the turn's stopped saves once all were resolved. */
    resolution: WriteResolution | null;
  }[];
};

/** A conversation's stored history in order: its messages, and the tool calls of its assistant messages by position. */
export type HistoryRows = { messages: MessageRow[]; toolCalls: ToolCallRow[] };

export interface ConversationStore {
  /** Newest first, ties by id descending; `before`/`beforeId` (updatedAt ISO and id) continue after a page's last item. */
  list(options: { userId: string; limit: number; before?: string; beforeId?: string }): Promise<ConversationSummary[]>;
  /** With every message, tool call and turn; undefined when it is not this user's. */
  get(options: { userId: string; conversationId: string }): Promise<ConversationDetail | undefined>;
  isOwnedBy(options: { userId: string; conversationId: string }): Promise<boolean>;
  history(options: { conversationId: string }): Promise<HistoryRows>;
  /** The next free message position of a conversation (0 for a new one). */
  nextMessageSeq(options: { conversationId: string }): Promise<number>;
  /** False when not found (another user's included). */
  rename(options: { userId: string; conversationId: string; title: string }): Promise<boolean>;
  /** Deletes it with its turns, messages, tool calls and trace events. False when not found. */
  delete(options: { userId: string; conversationId: string }): Promise<boolean>;
}

/** One tool call of a turn as the traces list shows it: which tool, and how it ended (its code when it failed). */
export type TurnToolResult = { name: string; status: StoredToolCall["status"]; error: string | null };

/** A QA storage fault that acted on one of the turn's tool calls (trace event "fault-injected"). */
export type InjectedFault = { target: FaultTarget; mode: FaultMode };

/** The trace event that stores the QA faults one tool call met: `{ toolCallId, name, faults: InjectedFault[] }`. */
export const FAULT_INJECTED_EVENT = "fault-injected";

/** What the traces list can be narrowed to: a turn outcome ("unfinished" for none yet) and a tool the turn called. */
export type TurnListFilter = { outcome?: string; tool?: string };

export type TurnSummary = {
  id: string;
  conversationId: string;
  traceId: string;
  outcome: string | null;
  provider: string;
  model: string;
  modelRequests: number;
  startedAt: string;
  endedAt: string | null;
  /** What became of the turn's stopped saves once the person resolved them all (lib/outcome/write-resolutions.ts). */
  resolution: WriteResolution | null;
  /** The start of the person's message that began the turn (EXCERPT_LENGTH characters at most, "…" when cut). */
  excerpt: string;
  /** Its tool calls in order. */
  tools: TurnToolResult[];
  /** How many of its stopped saves the person has not resolved yet ("resolution" is null while any is). */
  unresolvedWrites: number;
  /** How many numbers of its answer were traced to neither the message nor a tool result (message.untraceable_numbers). */
  untraceableNumbers: number;
  /** The QA faults its tool calls met, in order. */
  faultsInjected: InjectedFault[];
};

/** A message of a turn as its trace shows it: who said it and what. */
export type TurnMessage = { role: "user" | "assistant"; author: "user" | "model" | "harness"; content: string; untraceableNumbers: string[] };

export type TraceEventView = { seq: number; type: string; at: string; data: Record<string, unknown> };
export type TurnTrace = TurnSummary & { events: TraceEventView[]; toolCalls: StoredToolCall[]; messages: TurnMessage[] };

export type MetricsSummary = {
  toolResults: { day: string; tool: string; status: string; error: string; count: number }[];
  turnOutcomes: { outcome: string; count: number }[];
  /** Counts of the stored model-request-end events' `data.provider` and `data.status`. */
  modelRequests: { provider: string; status: string; count: number }[];
};

export interface TurnStore {
  /** Writes the rows in one transaction (idempotent upserts, see TurnRows). */
  writeRows(rows: TurnRows): Promise<void>;
  /** Newest first; with a filter, only the turns that ended so (outcome) or called that tool. */
  list(options: { userId: string; limit: number } & TurnListFilter): Promise<TurnSummary[]>;
  /** Undefined when the turn is not this user's. */
  getTrace(options: { userId: string; turnId: string }): Promise<TurnTrace | undefined>;
  /** The user's figures since `since`: tool results per UTC day, turn outcomes ("unfinished" for null), model requests. */
  summarizeMetrics(options: { userId: string; since: Date }): Promise<MetricsSummary>;
}

/** The write tool call an uncertain outcome is resolved from. */
export type OwnWriteCall = { toolCallId: string; name: string; idempotencyKey: string; arguments: string; turnId: string; resolution: WriteResolution | null };

export interface ToolCallStore {
  /** The user's own tool call that holds an idempotency key; undefined otherwise (another user's id included). */
  findOwnWriteCall(options: { userId: string; toolCallId: string }): Promise<OwnWriteCall | undefined>;
  setResolution(options: { toolCallId: string; resolution: WriteResolution | null }): Promise<void>;
}
