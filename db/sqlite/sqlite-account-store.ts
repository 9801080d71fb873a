// The port's accounts, quotas and QA faults over SQLite.
import "server-only";
import { and, asc, count, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { AccountStore, FaultStore, QuotaStore } from "../../lib/store/account-store";
import type { AppDatabase, DatabaseHandle } from "./open-database";
import { preparedPerConnection } from "./prepared-per-connection";
import { admitQuotaUse, settleQuotaUse } from "./quota-uses";
import { conversation, fault, idempotencyRecord, mcpToolCall, measurement, message, session, toolCall, traceEvent, turn, usageWindow, user } from "./schema";

// The authorization look-up runs before every tool call: compiled once per connection.
const userLookupOf = preparedPerConnection((db: AppDatabase) =>
  db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, sql.placeholder("userId")))
    .prepare(),
);

// The cached bearer check reads this on every API request (lib/http/cached-bearer-user.ts): compiled once per connection.
const sessionAccountOf = preparedPerConnection((db: AppDatabase) =>
  db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      units: user.units,
      passwordChangeRequired: user.passwordChangeRequired,
      banned: user.banned,
      sessionExpiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql.placeholder("now"))))
    .prepare(),
);

export function createSqliteAccountStore(handle: DatabaseHandle): AccountStore {
  const { db } = handle;
  return {
    countUsers: async () => db.select({ total: count() }).from(user).get()?.total ?? 0,
    findSessionAccount: async ({ token, now }) => sessionAccountOf(db).get({ token, now: now.getTime() }),
    userExists: async ({ userId }) => userLookupOf(db).get({ userId }) !== undefined,
    exportData: async ({ userId }) => {
      const profile = db.select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt }).from(user).where(eq(user.id, userId)).get();
      const conversationIds = db.select({ id: conversation.id }).from(conversation).where(eq(conversation.userId, userId));
      const turnIds = db.select({ id: turn.id }).from(turn).where(eq(turn.userId, userId));
      return {
        user: profile ?? null,
        measurements: db.select().from(measurement).where(eq(measurement.userId, userId)).orderBy(asc(measurement.date)).all(),
        conversations: db.select().from(conversation).where(eq(conversation.userId, userId)).orderBy(asc(conversation.createdAt)).all(),
        turns: db.select().from(turn).where(eq(turn.userId, userId)).orderBy(asc(turn.startedAt)).all(),
        messages: db
          .select()
          .from(message)
          .where(inArray(message.conversationId, conversationIds))
          .orderBy(asc(message.conversationId), asc(message.seq))
          .all(),
        toolCalls: db.select().from(toolCall).where(eq(toolCall.userId, userId)).orderBy(asc(toolCall.createdAt), asc(toolCall.position)).all(),
        traceEvents: db.select().from(traceEvent).where(inArray(traceEvent.turnId, turnIds)).orderBy(asc(traceEvent.turnId), asc(traceEvent.seq)).all(),
        idempotencyRecords: db
          .select({
            key: idempotencyRecord.key,
            operation: idempotencyRecord.operation,
            isError: idempotencyRecord.isError,
            outcome: idempotencyRecord.outcome,
            createdAt: idempotencyRecord.createdAt,
          })
          .from(idempotencyRecord)
          .where(eq(idempotencyRecord.userId, userId))
          .orderBy(asc(idempotencyRecord.createdAt))
          .all(),
        faults: db.select().from(fault).where(eq(fault.userId, userId)).all(),
        mcpToolCalls: db.select().from(mcpToolCall).where(eq(mcpToolCall.userId, userId)).orderBy(asc(mcpToolCall.startedAt)).all(),
      };
    },
    deleteUser: async ({ userId, quotaKeys }) =>
      db.transaction(
        (tx) => {
          // Quota rows are keyed by text, not linked by a foreign key: they go with the account explicitly.
          if (quotaKeys.length > 0)
            tx.delete(usageWindow)
              .where(inArray(usageWindow.key, [...quotaKeys]))
              .run();
          // Every other row of the user goes through ON DELETE CASCADE.
          const changes = tx.delete(user).where(eq(user.id, userId)).run().changes;
          return { deleted: changes > 0 };
        },
        { behavior: "immediate" },
      ),
  };
}

export function createSqliteQuotaStore(handle: DatabaseHandle): QuotaStore {
  const { db } = handle;
  return {
    // One statement, so concurrent callers cannot both pass the last slot.
    consume: async ({ key, limit, windowMs, now }) => {
      const windowStart = now - (now % windowMs);
      const row = db
        .insert(usageWindow)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: usageWindow.key,
          set: {
            count: sql`case when ${usageWindow.windowStart} = ${windowStart} then ${usageWindow.count} + 1 else 1 end`,
            windowStart: sql`${windowStart}`,
          },
        })
        .returning()
        .get();
      if (row.count > limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
      return { allowed: true, remaining: limit - row.count };
    },
    admit: async (options) => admitQuotaUse(db, options),
    release: async (use) => settleQuotaUse(db, use),
    refund: async ({ key, windowMs, now }) => {
      const windowStart = now - (now % windowMs);
      db.update(usageWindow)
        .set({ count: sql`${usageWindow.count} - 1` })
        .where(and(eq(usageWindow.key, key), eq(usageWindow.windowStart, windowStart), gt(usageWindow.count, 0)))
        .run();
    },
    peek: async ({ key, limit, windowMs, now }) => {
      const windowStart = now - (now % windowMs);
      const row = db
        .select({ count: usageWindow.count })
        .from(usageWindow)
        .where(and(eq(usageWindow.key, key), eq(usageWindow.windowStart, windowStart)))
        .get();
      const used = row?.count ?? 0;
      if (used >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
      return { allowed: true, remaining: limit - used };
    },
  };
}

export function createSqliteFaultStore(handle: DatabaseHandle): FaultStore {
  const { db } = handle;
  return {
    list: async ({ userId }) => db.select().from(fault).where(eq(fault.userId, userId)).orderBy(asc(fault.id)).all(),
    arm: async ({ userId, target, mode, remaining }) => db.insert(fault).values({ userId, target, mode, remaining }).returning().get(),
    clear: async ({ userId, id }) => {
      const condition = id === undefined ? eq(fault.userId, userId) : and(eq(fault.userId, userId), eq(fault.id, id));
      return db.delete(fault).where(condition).run().changes;
    },
    consumeAttempt: async ({ userId, target }) => {
      const armed = db
        .select()
        .from(fault)
        .where(and(eq(fault.userId, userId), eq(fault.target, target)))
        .all();
      if (armed.length === 0) return [];
      db.transaction(
        (tx) => {
          const counted = armed.filter((row) => row.remaining !== null).map((row) => row.id);
          if (counted.length === 0) return;
          tx.update(fault)
            .set({ remaining: sql`${fault.remaining} - 1` })
            .where(inArray(fault.id, counted))
            .run();
          tx.delete(fault)
            .where(and(inArray(fault.id, counted), isNotNull(fault.remaining), lte(fault.remaining, 0)))
            .run();
        },
        { behavior: "immediate" },
      );
      return armed.map((row) => row.mode);
    },
  };
}
