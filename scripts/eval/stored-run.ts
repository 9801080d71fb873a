// A scenario run as the database holds it afterwards: the turns with their stored outcome, the model's own text, the
// tool calls with their stored results, and the records left. The scorer reads only this, never the model's account.

export type StoredToolCall = {
  name: string;
  /** The arguments exactly as the model sent them. */
  argumentsText: string;
  /** "skipped": asked for, never executed (the turn had stopped, or its last round had come). */
  status: "running" | "ok" | "error" | "skipped";
  /** The stored error code, when the stored flag says the call failed. */
  code: string | null;
  /** The stored content the model received (JSON text), when the call ran. */
  outcome: string | null;
};

export type StoredTurn = {
  userMessage: string;
  outcome: string | null;
  modelRequests: number;
  /** The model's own assistant messages, in order (the harness's stop messages are left out). */
  modelTexts: string[];
  harnessTexts: string[];
  /** What the harness's traceable-number check stored on the turn's final answer (untraceable_numbers). */
  untraceableNumbers: string[];
  toolCalls: StoredToolCall[];
  /** Summed over the turn's model requests; null when none reported usage (the built-in coach reads no tokens). */
  inputTokens: number | null;
  outputTokens: number | null;
  /** From the stored trace: how each failed model request failed ("rate_limited", "auth", ...). */
  providerFailures: string[];
};

export type StoredRecord = { date: string; values: Record<string, number>; note: string | null };

export type StoredRun = { turns: StoredTurn[]; records: StoredRecord[] };
