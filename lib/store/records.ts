// The stored shapes the port hands across: plain data, no database types. Each adapter's schema maps to these.

/** The columns that hold a measurement's values (metric), in the field order of lib/measurements/fields.ts. */
export const measurementColumns = [
  "weightKg",
  "bodyFatPct",
  "neckCm",
  "chestCm",
  "waistCm",
  "hipsCm",
  "bicepsCm",
  "quadricepsCm",
  "calfCm",
  "heightCm",
] as const;
export type MeasurementColumn = (typeof measurementColumns)[number];

/** Values by column; null stores "no value" (an absent column keeps what is stored, in an update). */
export type MeasurementColumnValues = { [Column in MeasurementColumn]?: number | null };

/**
 * Where one stored value came from: the source (`withings`, `apple-health:Withings`, `chat`, `form`, `api`, `mcp`,
 * `palestra`), the number and unit as the source gave it, and whether it was computed from others (Withings body fat %).
 */
export type ValueProvenance = { source: string; original_value: number; original_unit: string; derived: boolean };
/** The provenance of a record's values by field name (weight_kg, ...); a value without one has no entry. */
export type StoredProvenance = Partial<Record<string, ValueProvenance>>;

export type MeasurementRow = {
  id: number;
  userId: string;
  date: string;
  note: string | null;
  /** null for a record stored before provenance was kept. */
  provenance: StoredProvenance | null;
  createdAt: Date;
  updatedAt: Date;
} & {
  [Column in MeasurementColumn]: number | null;
};

/** A completed idempotent operation: its payload fingerprint and its outcome, serialized once, replayed byte for byte. */
export type IdempotencyRecord = {
  id: number;
  userId: string;
  key: string;
  operation: string;
  fingerprint: string;
  isError: boolean;
  outcome: string;
  createdAt: Date;
};

/**
 * What resolving an uncertain save found, as stored on its tool call, about THAT save. saved: its own save went
 * through: the key was found holding a successful save, without the person's re-run storing anything. saved_now: a
 * re-run the person asked for ("Save it now") ran the save and stored it. not_saved: nothing is stored under the key
 * (safe to run again with it). refused: the save ran to completion and was refused (a conflict is recorded under the
 * key), so running it again only replays the refusal.
 */
export const writeResolutions = ["saved", "saved_now", "not_saved", "refused"] as const;
export type WriteResolution = (typeof writeResolutions)[number];

export const toolCallStatuses = ["running", "ok", "error", "skipped"] as const;
export type ToolCallStatus = (typeof toolCallStatuses)[number];

/** What an API key may do; lib/account/api-key-scope.ts writes it into, and reads it from, the key's stored permissions. */
export const apiKeyScopes = ["read", "read_write"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** How a turn ended (turn.outcome once it has ended): every ending is a completed request with its own outcome. */
export const turnOutcomes = [
  "answered",
  "stopped_outcome_unknown",
  "stopped_write_failed",
  "stopped_repeated_failure",
  "round_limit",
  "provider_error",
  "internal_error",
] as const;
export type TurnOutcome = (typeof turnOutcomes)[number];

/** Why a call the model asked for was stored as skipped, never run: the turn had stopped, or its last round had come. */
export const toolCallSkipReasons = ["turn_stopped", "round_limit"] as const;
export type ToolCallSkipReason = (typeof toolCallSkipReasons)[number];

export type ConversationRow = { id: string; userId: string; title: string; createdAt: Date; updatedAt: Date };

export type TurnRow = {
  id: string;
  conversationId: string;
  userId: string;
  traceId: string;
  locale: string;
  provider: string;
  model: string;
  /** null while the turn runs. */
  outcome: string | null;
  modelRequests: number;
  startedAt: Date;
  endedAt: Date | null;
};

export type MessageRow = {
  id: string;
  conversationId: string;
  turnId: string;
  seq: number;
  role: "user" | "assistant";
  content: string;
  /** Who wrote an assistant message: the model, or the harness itself (stop messages). */
  author: "user" | "model" | "harness";
  /** A final answer's numbers traced to neither the person's message nor the turn's tool results; null when all traced. */
  untraceableNumbers?: string[] | null;
  createdAt: Date;
};

export type ToolCallRow = {
  id: string;
  messageId: string;
  turnId: string;
  userId: string;
  position: number;
  /** The provider's call id, preserved so the result is matched to the call on every API. */
  callId: string;
  name: string;
  /** The arguments exactly as the model sent them (JSON text). */
  arguments: string;
  /** Provider-specific data to echo back (JSON text). */
  providerMetadata: string | null;
  idempotencyKey: string | null;
  /** "skipped": asked for, never executed, because the turn had already stopped. */
  status: ToolCallStatus;
  isError: boolean | null;
  errorCode: string | null;
  recovery: string | null;
  /** The content the model received, serialized once and replayed byte for byte. */
  outcome: string | null;
  attempts: number;
  latencyMs: number | null;
  resolution: WriteResolution | null;
  createdAt: Date;
  finishedAt: Date | null;
};

export type TraceEventRow = { turnId: string; seq: number; type: string; at: Date; data: string };

/** One tool call an assistant made over MCP: its own trace, with no conversation or model request around it. */
export type McpToolCallRow = {
  id: string;
  userId: string;
  traceId: string;
  /** The API key the call came with (a revoked or deleted key keeps its calls' traces). */
  apiKeyId: string | null;
  /** The client's User-Agent, for the trace list; never trusted for anything. */
  client: string | null;
  name: string;
  /** The arguments exactly as the client sent them (JSON text). */
  arguments: string;
  idempotencyKey: string | null;
  status: "ok" | "error";
  isError: boolean;
  errorCode: string | null;
  recovery: string | null;
  /** The content the client received, byte for byte. */
  outcome: string;
  attempts: number;
  latencyMs: number;
  startedAt: Date;
  finishedAt: Date;
};

export const faultModes = ["transient", "unavailable", "fail_before_commit", "lost_ack", "timeout", "slow"] as const;
export type FaultMode = (typeof faultModes)[number];
export const faultTargets = ["read", "write"] as const;
export type FaultTarget = (typeof faultTargets)[number];

export type FaultRow = { id: number; userId: string; target: FaultTarget; mode: FaultMode; remaining: number | null; createdAt: Date };
