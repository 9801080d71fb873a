// Every table of Palestra on PostgreSQL: the same tables, columns and constraints as the SQLite schema (db/sqlite/schema.ts),
// in PostgreSQL's types, plus the idempotency claim that several instances need (an in-flight row with a deadline).
import { sql } from "drizzle-orm";
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { faultModes, faultTargets, toolCallStatuses, writeResolutions, type StoredProvenance } from "../../lib/store/records";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });
const createdAt = () => at("created_at").notNull().defaultNow();
const updatedAt = () => at("updated_at").notNull().defaultNow();
// Numbers as JavaScript numbers: ids and millisecond clocks stay far below 2^53.
const bigNumber = (name: string) => bigint(name, { mode: "number" });
const identity = () => bigNumber("id").primaryKey().generatedByDefaultAsIdentity();

// ---- better-auth (field names as its drizzle adapter expects) ----

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  locale: text("locale"),
  /** How values are shown and typed in: stored values are always metric. */
  units: text("units", { enum: ["metric", "imperial"] })
    .notNull()
    .default("metric"),
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: at("ban_expires"),
  /** Set by `npm run admin -- users create|reset-password`: the one-time password must be changed before anything else. */
  passwordChangeRequired: boolean("password_change_required").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: at("expires_at").notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
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
    accessTokenExpiresAt: at("access_token_expires_at"),
    refreshTokenExpiresAt: at("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: at("expires_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** better-auth's rate-limit store (sign-in attempts per client address); lastRequest is a millisecond clock. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigNumber("last_request").notNull(),
});

/**
 * better-auth's API-key plugin: one row per key a person made (SHA-256 of the key in `key`, never the key). The same
 * columns as SQLite's; the intervals are millisecond counts.
 */
export const apikey = pgTable(
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
    refillInterval: bigNumber("refill_interval"),
    refillAmount: integer("refill_amount"),
    lastRefillAt: at("last_refill_at"),
    enabled: boolean("enabled").default(true),
    rateLimitEnabled: boolean("rate_limit_enabled").default(true),
    rateLimitTimeWindow: bigNumber("rate_limit_time_window"),
    rateLimitMax: integer("rate_limit_max"),
    requestCount: integer("request_count").default(0),
    remaining: integer("remaining"),
    lastRequest: at("last_request"),
    expiresAt: at("expires_at"),
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

export const measurement = pgTable(
  "measurement",
  {
    id: identity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    weightKg: doublePrecision("weight_kg"),
    bodyFatPct: doublePrecision("body_fat_pct"),
    neckCm: doublePrecision("neck_cm"),
    chestCm: doublePrecision("chest_cm"),
    waistCm: doublePrecision("waist_cm"),
    hipsCm: doublePrecision("hips_cm"),
    bicepsCm: doublePrecision("biceps_cm"),
    quadricepsCm: doublePrecision("quadriceps_cm"),
    calfCm: doublePrecision("calf_cm"),
    heightCm: doublePrecision("height_cm"),
    note: text("note"),
    /** Where each value came from, by field (lib/store/records.ts ValueProvenance); null for records older than it. */
    provenance: jsonb("provenance").$type<StoredProvenance>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("measurement_user_date_unique").on(table.userId, table.date),
    check("measurement_date_format", sql`${table.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check("measurement_weight_range", sql`${table.weightKg} IS NULL OR ${table.weightKg} BETWEEN 20 AND 400`),
    check("measurement_body_fat_range", sql`${table.bodyFatPct} IS NULL OR ${table.bodyFatPct} BETWEEN 2 AND 75`),
    check("measurement_height_range", sql`${table.heightCm} IS NULL OR ${table.heightCm} BETWEEN 50 AND 260`),
  ],
);

/**
 * One row per (user, key). Several instances share it, so the claim is a row: committed with `claimed_until` and no
 * outcome before the change runs, then completed with the outcome in the change's own transaction. A row with no
 * outcome past `claimed_until` is a change that never committed, which a retry with the key takes over.
 */
export const idempotencyRecord = pgTable(
  "idempotency_record",
  {
    id: identity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** These four are null while the claim is in flight, and set together by the change's transaction. */
    operation: text("operation"),
    fingerprint: text("fingerprint"),
    isError: boolean("is_error"),
    outcome: text("outcome"),
    /** Who holds the in-flight claim: only that request may complete it (another takes over an expired one). */
    claimToken: text("claim_token"),
    claimedUntil: at("claimed_until"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("idempotency_user_key_unique").on(table.userId, table.key),
    check(
      "idempotency_claim_or_outcome",
      sql`(${table.outcome} IS NULL) = (${table.isError} IS NULL) AND (${table.outcome} IS NULL) = (${table.fingerprint} IS NULL) AND (${table.outcome} IS NULL) = (${table.operation} IS NULL) AND (${table.outcome} IS NOT NULL OR ${table.claimedUntil} IS NOT NULL)`,
    ),
  ],
);

/** One target per (user, field), in the field's metric unit; removing a goal deletes its row. */
export const goal = pgTable(
  "goal",
  {
    id: identity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    target: doublePrecision("target").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("goal_user_field_unique").on(table.userId, table.field)],
);

// ---- the Coach: conversations, turns, tool calls, traces ----

export const conversation = pgTable(
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

export const turn = pgTable(
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
    outcome: text("outcome"),
    modelRequests: integer("model_requests").notNull().default(0),
    startedAt: createdAt(),
    endedAt: at("ended_at"),
  },
  (table) => [index("turn_user_started_idx").on(table.userId, table.startedAt), index("turn_conversation_idx").on(table.conversationId)],
);

export const message = pgTable(
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
    author: text("author", { enum: ["user", "model", "harness"] }).notNull(),
    untraceableNumbers: jsonb("untraceable_numbers").$type<string[]>(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("message_conversation_seq_unique").on(table.conversationId, table.seq)],
);

export const toolCall = pgTable(
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
    callId: text("call_id").notNull(),
    name: text("name").notNull(),
    arguments: text("arguments").notNull(),
    providerMetadata: text("provider_metadata"),
    idempotencyKey: text("idempotency_key"),
    status: text("status", { enum: toolCallStatuses }).notNull(),
    isError: boolean("is_error"),
    errorCode: text("error_code"),
    recovery: text("recovery"),
    outcome: text("outcome"),
    attempts: integer("attempts").notNull().default(0),
    latencyMs: doublePrecision("latency_ms"),
    resolution: text("resolution", { enum: writeResolutions }),
    createdAt: createdAt(),
    finishedAt: at("finished_at"),
  },
  (table) => [index("tool_call_message_idx").on(table.messageId), index("tool_call_turn_idx").on(table.turnId)],
);

export const traceEvent = pgTable(
  "trace_event",
  {
    id: identity(),
    turnId: text("turn_id")
      .notNull()
      .references(() => turn.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    at: at("at").notNull(),
    data: text("data").notNull(),
  },
  (table) => [uniqueIndex("trace_event_turn_seq_unique").on(table.turnId, table.seq)],
);

/**
 * One tool call an assistant made over MCP (/api/mcp): the trace /traces shows beside the chat's turns. No
 * conversation or model request belongs to it; the outcome is the content the client received, with its flag.
 */
export const mcpToolCall = pgTable(
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
    isError: boolean("is_error").notNull(),
    errorCode: text("error_code"),
    recovery: text("recovery"),
    outcome: text("outcome").notNull(),
    attempts: integer("attempts").notNull(),
    latencyMs: doublePrecision("latency_ms").notNull(),
    startedAt: at("started_at").notNull(),
    finishedAt: at("finished_at").notNull(),
  },
  (table) => [index("mcp_tool_call_user_started_idx").on(table.userId, table.startedAt)],
);

// ---- QA faults and limits ----

export const fault = pgTable(
  "fault",
  {
    id: identity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    target: text("target", { enum: faultTargets }).notNull(),
    mode: text("mode", { enum: faultModes }).notNull(),
    remaining: integer("remaining"),
    createdAt: createdAt(),
  },
  (table) => [index("fault_user_idx").on(table.userId)],
);

/** Fixed-window counters for limits we enforce ourselves (chat turns per user); windowStart is a millisecond clock. */
export const usageWindow = pgTable("usage_window", {
  key: text("key").primaryKey(),
  windowStart: bigNumber("window_start").notNull(),
  count: integer("count").notNull(),
});
