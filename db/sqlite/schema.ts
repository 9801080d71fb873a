// Every table of Palestra: better-auth's own, the measurements domain, the agent's stored history, and QA faults.
import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { faultModes, faultTargets, toolCallStatuses, writeResolutions, type StoredProvenance } from "../../lib/store/records";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ---- better-auth (field names as its drizzle adapter expects) ----

export const user = sqliteTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  image: text("image"),
  locale: text("locale"),
  /** How values are shown and typed in: stored values are always metric. */
  units: text("units", { enum: ["metric", "imperial"] })
    .notNull()
    .default("metric"),
  // better-auth's admin plugin: "admin" or "user" (null = "user"), and disabled accounts.
  role: text("role"),
  banned: integer("banned", { mode: "boolean" }).default(false),
  banReason: text("ban_reason"),
  banExpires: integer("ban_expires", { mode: "timestamp_ms" }),
  /** Set by `npm run admin -- users create|reset-password`: the one-time password must be changed before anything else. */
  passwordChangeRequired: integer("password_change_required", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = sqliteTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** better-auth's admin plugin: the admin acting as this session's user, if any. */
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = sqliteTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = sqliteTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** better-auth's rate-limit store (sign-in attempts per client address). */
export const rateLimit = sqliteTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: integer("last_request").notNull(),
});

/**
 * better-auth's API-key plugin (@better-auth/api-key): one row per key a person made for scripts, shortcuts and MCP
 * clients. `key` holds the SHA-256 of the key, never the key; `permissions` holds the scope ({"measurements":[...]});
 * `last_request` is "last used". The plugin's rate limit and quota columns are unused (off in lib/account/get-auth.ts).
 */
export const apikey = sqliteTable(
  "apikey",
  {
    id: text("id").primaryKey(),
    configId: text("config_id").notNull().default("default"),
    name: text("name"),
    start: text("start"),
    prefix: text("prefix"),
    key: text("key").notNull(),
    referenceId: text("reference_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    refillInterval: integer("refill_interval"),
    refillAmount: integer("refill_amount"),
    lastRefillAt: integer("last_refill_at", { mode: "timestamp_ms" }),
    enabled: integer("enabled", { mode: "boolean" }).default(true),
    rateLimitEnabled: integer("rate_limit_enabled", { mode: "boolean" }).default(true),
    rateLimitTimeWindow: integer("rate_limit_time_window"),
    rateLimitMax: integer("rate_limit_max"),
    requestCount: integer("request_count").default(0),
    remaining: integer("remaining"),
    lastRequest: integer("last_request", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    permissions: text("permissions"),
    metadata: text("metadata"),
  },
  (table) => [
    uniqueIndex("apikey_key_unique").on(table.key),
    index("apikey_reference_id_idx").on(table.referenceId),
    index("apikey_config_id_idx").on(table.configId),
  ],
);

// ---- measurements ----

export const measurement = sqliteTable(
  "measurement",
  {
    // A plain INTEGER PRIMARY KEY (the rowid), not AUTOINCREMENT: nothing refers to a record by id outside one
    // transaction (records are addressed by user and date), and AUTOINCREMENT writes sqlite_sequence on every insert.
    id: integer("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    weightKg: real("weight_kg"),
    bodyFatPct: real("body_fat_pct"),
    neckCm: real("neck_cm"),
    chestCm: real("chest_cm"),
    waistCm: real("waist_cm"),
    hipsCm: real("hips_cm"),
    bicepsCm: real("biceps_cm"),
    quadricepsCm: real("quadriceps_cm"),
    calfCm: real("calf_cm"),
    heightCm: real("height_cm"),
    note: text("note"),
    /** Where each value came from, by field (lib/store/records.ts ValueProvenance); null for records older than it. */
    provenance: text("provenance", { mode: "json" }).$type<StoredProvenance>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("measurement_user_date_unique").on(table.userId, table.date),
    check("measurement_date_format", sql`${table.date} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`),
    check("measurement_weight_range", sql`${table.weightKg} IS NULL OR ${table.weightKg} BETWEEN 20 AND 400`),
    check("measurement_body_fat_range", sql`${table.bodyFatPct} IS NULL OR ${table.bodyFatPct} BETWEEN 2 AND 75`),
    check("measurement_height_range", sql`${table.heightCm} IS NULL OR ${table.heightCm} BETWEEN 50 AND 260`),
  ],
);

/** One row per (user, key): the claim, the payload fingerprint and the recorded outcome, written with the change. */
export const idempotencyRecord = sqliteTable(
  "idempotency_record",
  {
    // Plain rowid (no AUTOINCREMENT, which writes sqlite_sequence on every save): records are found by (user, key).
    id: integer("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    operation: text("operation").notNull(),
    fingerprint: text("fingerprint").notNull(),
    isError: integer("is_error", { mode: "boolean" }).notNull(),
    outcome: text("outcome").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // No index on created_at: only the daily purge filters on it, and a scan of a 30-day window is cheap, while the
    // index cost every save a page write (measured in BENCHMARKS.md).
    uniqueIndex("idempotency_user_key_unique").on(table.userId, table.key),
  ],
);

/** One target per (user, field), in the field's metric unit; removing a goal deletes its row. */
export const goal = sqliteTable(
  "goal",
  {
    id: integer("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    target: real("target").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("goal_user_field_unique").on(table.userId, table.field)],
);

// ---- the Coach: conversations, turns, tool calls, traces ----

export const conversation = sqliteTable(
  "conversation",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("conversation_user_updated_idx").on(table.userId, table.updatedAt)],
);

export const turn = sqliteTable(
  "turn",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversation.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    traceId: text("trace_id").notNull(),
    locale: text("locale").notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    /** null while the turn runs; one of the turn outcomes of lib/store/records.ts afterwards. */
    outcome: text("outcome"),
    modelRequests: integer("model_requests").notNull().default(0),
    startedAt: createdAt(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("turn_user_started_idx").on(table.userId, table.startedAt), index("turn_conversation_idx").on(table.conversationId)],
);

/** The ordered history: user messages and the model's responses (text, and the tool calls it asked for). */
export const message = sqliteTable(
  "message",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversation.id, { onDelete: "cascade" }),
    turnId: text("turn_id")
      .notNull()
      .references(() => turn.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    /** Who wrote an assistant message: the model, or the harness itself (stop messages). */
    author: text("author", { enum: ["user", "model", "harness"] }).notNull(),
    /** A final answer's numbers that came from neither the person's message nor the turn's tool results (JSON array). */
    untraceableNumbers: text("untraceable_numbers", { mode: "json" }).$type<string[]>(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("message_conversation_seq_unique").on(table.conversationId, table.seq)],
);

export const toolCall = sqliteTable(
  "tool_call",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => message.id, { onDelete: "cascade" }),
    turnId: text("turn_id")
      .notNull()
      .references(() => turn.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The provider's call id, preserved so the result is matched to the call on every API. */
    callId: text("call_id").notNull(),
    name: text("name").notNull(),
    /** The arguments exactly as the model sent them (JSON text). */
    arguments: text("arguments").notNull(),
    /** Provider-specific data to echo back (Google signatures, OpenAI item ids). */
    providerMetadata: text("provider_metadata"),
    idempotencyKey: text("idempotency_key"),
    /** "skipped": asked for, never executed, because the turn had already stopped (left out of replayed history). */
    status: text("status", { enum: toolCallStatuses }).notNull(),
    isError: integer("is_error", { mode: "boolean" }),
    errorCode: text("error_code"),
    recovery: text("recovery"),
    /** The content the model received, serialized once and replayed byte for byte. */
    outcome: text("outcome"),
    attempts: integer("attempts").notNull().default(0),
    latencyMs: real("latency_ms"),
    /** For uncertain writes: what a later look-up or re-run under the key found ("saved", "not_saved" or "refused"). */
    resolution: text("resolution", { enum: writeResolutions }),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("tool_call_message_idx").on(table.messageId), index("tool_call_turn_idx").on(table.turnId)],
);

export const traceEvent = sqliteTable(
  "trace_event",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    turnId: text("turn_id")
      .notNull()
      .references(() => turn.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    data: text("data").notNull(),
  },
  (table) => [uniqueIndex("trace_event_turn_seq_unique").on(table.turnId, table.seq)],
);

/**
 * One tool call an assistant made over MCP (/api/mcp): the trace /traces shows beside the chat's turns. No
 * conversation or model request belongs to it; the outcome is the content the client received, with its flag.
 */
export const mcpToolCall = sqliteTable(
  "mcp_tool_call",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    traceId: text("trace_id").notNull(),
    /** The API key the call came with (no foreign key: a revoked or deleted key keeps its calls' traces). */
    apiKeyId: text("api_key_id"),
    /** The client's name and version from its User-Agent header, for the trace list; never trusted for anything. */
    client: text("client"),
    name: text("name").notNull(),
    /** The arguments exactly as the client sent them (JSON text). */
    arguments: text("arguments").notNull(),
    idempotencyKey: text("idempotency_key"),
    status: text("status", { enum: ["ok", "error"] }).notNull(),
    isError: integer("is_error", { mode: "boolean" }).notNull(),
    errorCode: text("error_code"),
    recovery: text("recovery"),
    outcome: text("outcome").notNull(),
    attempts: integer("attempts").notNull(),
    latencyMs: real("latency_ms").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("mcp_tool_call_user_started_idx").on(table.userId, table.startedAt)],
);

// ---- QA faults and limits ----

export const fault = sqliteTable(
  "fault",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    target: text("target", { enum: faultTargets }).notNull(),
    mode: text("mode", { enum: faultModes }).notNull(),
    /** Storage attempts left to affect; null means until cleared. */
    remaining: integer("remaining"),
    createdAt: createdAt(),
  },
  (table) => [index("fault_user_idx").on(table.userId)],
);

/** Fixed-window counters for limits we enforce ourselves (chat turns per user). */
export const usageWindow = sqliteTable("usage_window", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

// ---- row types: what the port's records (lib/store/records.ts) are read from ----

export type UserRow = typeof user.$inferSelect;
export type MeasurementRow = typeof measurement.$inferSelect;
export type IdempotencyRecordRow = typeof idempotencyRecord.$inferSelect;
export type ConversationRow = typeof conversation.$inferSelect;
export type TurnRow = typeof turn.$inferSelect;
export type MessageRow = typeof message.$inferSelect;
export type ToolCallRow = typeof toolCall.$inferSelect;
export type TraceEventRow = typeof traceEvent.$inferSelect;
export type FaultRow = typeof fault.$inferSelect;
export type McpToolCallRow = typeof mcpToolCall.$inferSelect;
export type UsageWindowRow = typeof usageWindow.$inferSelect;
