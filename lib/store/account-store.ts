// The port's accounts, quotas and QA faults: counting users, a user's data export and deletion, fixed-window
// counters, and the armed storage faults.
import type {
  ConversationRow,
  FaultMode,
  FaultRow,
  FaultTarget,
  IdempotencyRecord,
  McpToolCallRow,
  MeasurementRow,
  MessageRow,
  ToolCallRow,
  TraceEventRow,
  TurnRow,
} from "./records";

export type AccountData = {
  user: { id: string; email: string; name: string; createdAt: Date } | null;
  measurements: MeasurementRow[];
  conversations: ConversationRow[];
  turns: TurnRow[];
  messages: MessageRow[];
  toolCalls: ToolCallRow[];
  traceEvents: (TraceEventRow & { id: number })[];
  idempotencyRecords: Pick<IdempotencyRecord, "key" | "operation" | "isError" | "outcome" | "createdAt">[];
  faults: FaultRow[];
  mcpToolCalls: McpToolCallRow[];
};

/** The account a stored session signs in as, read with the session itself (units as stored, unparsed). */
export type SessionAccount = {
  id: string;
  email: string;
  name: string;
  units: string;
  passwordChangeRequired: boolean;
  banned: boolean | null;
  sessionExpiresAt: Date;
};

export interface AccountStore {
  countUsers(): Promise<number>;
  /** The account of the unexpired session stored under `token`; undefined once it is signed out, revoked or expired. */
  findSessionAccount(options: { token: string; now: Date }): Promise<SessionAccount | undefined>;
  /** Whether the user still exists (checked before every tool call: a deleted account acts no more). */
  userExists(options: { userId: string }): Promise<boolean>;
  /** Everything stored for the user: measurements oldest first, conversations and turns by creation, messages by seq. */
  exportData(options: { userId: string }): Promise<AccountData>;
  /** The user and every row that belongs to them, the quota rows under `quotaKeys` included, in one transaction. */
  deleteUser(options: { userId: string; quotaKeys: readonly string[] }): Promise<{ deleted: boolean }>;
}

export type QuotaDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * One use admitted by `QuotaStore.admit` and not counted yet: it is counted by the turn's first commit (`TurnRows.quotaUse`),
 * so a chat turn pays one commit fewer. Only the adapter that admitted it knows it (by identity).
 */
export type QuotaUse = { readonly key: string; readonly windowStart: number };

export type QuotaAdmission = { allowed: true; remaining: number; use: QuotaUse } | { allowed: false; retryAfterSeconds: number };

export interface QuotaStore {
  /** Counts one use of `key` in the window holding `now`; refuses past `limit`. Atomic across concurrent callers. */
  consume(options: { key: string; limit: number; windowMs: number; now: number }): Promise<QuotaDecision>;
  /**
   * Admits one use of `key` without writing: the stored count plus the uses this process admitted and has not yet
   * counted, refused past `limit`. The use is counted, once, by the first commit of the turn whose rows carry it
   * (`TurnRows.quotaUse`: the commit that first writes the turn row), into the window it was admitted in. Exact within
   * one process; processes sharing a database each see the others' uses once those are committed. That is SQLite's way
   * (one server process per file). PostgreSQL, whose instances share the quota, commits the use here at once instead
   * (scale-out.md §3): its turns' commits count nothing more, and release has nothing to forget.
   */
  admit(options: { key: string; limit: number; windowMs: number; now: number }): Promise<QuotaAdmission>;
  /** Forgets an admitted use that no commit counted (the turn stopped before writing). Does nothing for a counted one. */
  release(use: QuotaUse): Promise<void>;
  /**
   * Gives back one use that `consume` counted in the window holding `now` (an attempt that turned out not to count, such
   * as a right password). Nothing once that window has passed, and never below zero.
   */
  refund(options: { key: string; windowMs: number; now: number }): Promise<void>;
  /** Whether `key` is already spent in the window holding `now` (`limit` uses counted), without counting anything. */
  peek(options: { key: string; limit: number; windowMs: number; now: number }): Promise<QuotaDecision>;
}

export interface FaultStore {
  list(options: { userId: string }): Promise<FaultRow[]>;
  arm(options: { userId: string; target: FaultTarget; mode: FaultMode; remaining: number | null }): Promise<FaultRow>;
  /** One fault by id, or all of the user's; never another user's. Returns how many were cleared. */
  clear(options: { userId: string; id?: number }): Promise<number>;
  /**
   * Takes one storage attempt from every armed fault of the target (counted faults count down and go at zero, in one
   * transaction); returns the modes that apply to this attempt.
   */
  consumeAttempt(options: { userId: string; target: FaultTarget }): Promise<FaultMode[]>;
}
