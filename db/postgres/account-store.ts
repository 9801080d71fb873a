// Accounts, quotas and QA faults on PostgreSQL: every counter lives in the database, so all instances share it.
import "server-only";
import type pg from "pg";
import { and, asc, count, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { AccountStore, FaultStore, QuotaStore } from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { runInTransaction } from "./run-in-transaction";
import { conversation, fault, idempotencyRecord, mcpToolCall, measurement, message, session, toolCall, traceEvent, turn, usageWindow, user } from "./schema";

type TransactionOptions = { db: PostgresDatabase; pool: pg.Pool; commitTimeoutMs: number };

export function createPostgresAccountStore(options: TransactionOptions): AccountStore {
  const { db } = options;
  return {
    countUsers: async () => (await db.select({ total: count() }).from(user))[0]?.total ?? 0,
    // The cached bearer check reads this on every API request (lib/http/cached-bearer-user.ts): one statement.
    findSessionAccount: async ({ token, now }) => {
      const [row] = await db
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
        .where(and(eq(session.token, token), gt(session.expiresAt, now)));
      return row;
    },
    userExists: async ({ userId }) => (await db.select({ id: user.id }).from(user).where(eq(user.id, userId))).length > 0,
    exportData: async ({ userId }) => {
      const [profile] = await db.select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
      const conversationIds = db.select({ id: conversation.id }).from(conversation).where(eq(conversation.userId, userId));
      const turnIds = db.select({ id: turn.id }).from(turn).where(eq(turn.userId, userId));
      const records = await db
        .select({
          key: idempotencyRecord.key,
          operation: idempotencyRecord.operation,
          isError: idempotencyRecord.isError,
          outcome: idempotencyRecord.outcome,
          createdAt: idempotencyRecord.createdAt,
        })
        .from(idempotencyRecord)
        .where(and(eq(idempotencyRecord.userId, userId), isNotNull(idempotencyRecord.outcome)))
        .orderBy(asc(idempotencyRecord.createdAt));
      return {
        user: profile ?? null,
        measurements: await db.select().from(measurement).where(eq(measurement.userId, userId)).orderBy(asc(measurement.date)),
        conversations: await db.select().from(conversation).where(eq(conversation.userId, userId)).orderBy(asc(conversation.createdAt)),
        turns: await db.select().from(turn).where(eq(turn.userId, userId)).orderBy(asc(turn.startedAt)),
        messages: await db
          .select()
          .from(message)
          .where(inArray(message.conversationId, conversationIds))
          .orderBy(asc(message.conversationId), asc(message.seq)),
        toolCalls: await db.select().from(toolCall).where(eq(toolCall.userId, userId)).orderBy(asc(toolCall.createdAt), asc(toolCall.position)),
        traceEvents: await db.select().from(traceEvent).where(inArray(traceEvent.turnId, turnIds)).orderBy(asc(traceEvent.turnId), asc(traceEvent.seq)),
        // Claims still in flight are a running request, not stored data: only completed records are exported.
        idempotencyRecords: records.map((record) => ({
          ...record,
          operation: record.operation ?? "",
          isError: record.isError ?? false,
          outcome: record.outcome ?? "",
        })),
        faults: await db.select().from(fault).where(eq(fault.userId, userId)).orderBy(asc(fault.id)),
        mcpToolCalls: await db.select().from(mcpToolCall).where(eq(mcpToolCall.userId, userId)).orderBy(asc(mcpToolCall.startedAt)),
      };
    },
    deleteUser: async ({ userId, quotaKeys }) =>
      await runInTransaction({
        ...options,
        body: async (tx) => {
          // Quota rows are keyed by user id, not linked by a foreign key: removed with the account.
          if (quotaKeys.length > 0) await tx.delete(usageWindow).where(inArray(usageWindow.key, [...quotaKeys]));
          const deleted = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
          return { deleted: deleted.length > 0 };
        },
      }),
  };
}

export function createPostgresQuotaStore(db: PostgresDatabase): QuotaStore {
  // One statement: concurrent callers on any instance cannot both pass the last slot.
  const consume: QuotaStore["consume"] = async ({ key, limit, windowMs, now }) => {
    const windowStart = now - (now % windowMs);
    const [row] = await db
      .insert(usageWindow)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: usageWindow.key,
        set: {
          count: sql`case when ${usageWindow.windowStart} = ${windowStart} then ${usageWindow.count} + 1 else 1 end`,
          windowStart: sql`${windowStart}`,
        },
      })
      .returning({ count: usageWindow.count });
    const used = row?.count ?? limit + 1;
    if (used > limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
    return { allowed: true, remaining: limit - used };
  };
  return {
    consume,
    // Several instances share the quota (scale-out.md §3: nothing per process), so admit commits the use at once, in
    // the same one statement as consume: an admitted use is visible to every instance. The turn's commits then have
    // nothing to count (TurnRows.quotaUse is ignored here), and release has nothing to forget: a turn that stops before
    // any commit of its own has still used its slot. (SQLite folds the use into the turn's first commit instead: one
    // server process serves a SQLite file, so its in-process account of admitted uses is exact.)
    admit: async (options) => {
      const decision = await consume(options);
      if (!decision.allowed) return decision;
      return { ...decision, use: { key: options.key, windowStart: options.now - (options.now % options.windowMs) } };
    },
    release: async () => {},
    refund: async ({ key, windowMs, now }) => {
      const windowStart = now - (now % windowMs);
      await db
        .update(usageWindow)
        .set({ count: sql`${usageWindow.count} - 1` })
        .where(and(eq(usageWindow.key, key), eq(usageWindow.windowStart, windowStart), gt(usageWindow.count, 0)));
    },
    peek: async ({ key, limit, windowMs, now }) => {
      const windowStart = now - (now % windowMs);
      const [row] = await db
        .select({ count: usageWindow.count })
        .from(usageWindow)
        .where(and(eq(usageWindow.key, key), eq(usageWindow.windowStart, windowStart)));
      const used = row?.count ?? 0;
      if (used >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
      return { allowed: true, remaining: limit - used };
    },
  };
}

export function createPostgresFaultStore(options: TransactionOptions): FaultStore {
  const { db } = options;
  const armedOf = (userId: string, target: "read" | "write") => and(eq(fault.userId, userId), eq(fault.target, target));
  return {
    list: async ({ userId }) => await db.select().from(fault).where(eq(fault.userId, userId)).orderBy(asc(fault.id)),
    arm: async ({ userId, target, mode, remaining }) => {
      const [row] = await db.insert(fault).values({ userId, target, mode, remaining }).returning();
      if (!row) throw new Error("the fault insert returned no row");
      return row;
    },
    clear: async ({ userId, id }) => {
      const condition = id === undefined ? eq(fault.userId, userId) : and(eq(fault.userId, userId), eq(fault.id, id));
      return (await db.delete(fault).where(condition).returning({ id: fault.id })).length;
    },
    consumeAttempt: async ({ userId, target }) => {
      // Nearly always nothing is armed: one read, no transaction.
      const armed = await db.select({ id: fault.id }).from(fault).where(armedOf(userId, target));
      if (armed.length === 0) return [];
      return await runInTransaction({
        ...options,
        body: async (tx) => {
          // Locked, so two instances taking attempts at once count down one each.
          const rows = await tx.select().from(fault).where(armedOf(userId, target)).orderBy(asc(fault.id)).for("update");
          const counted = rows.filter((row) => row.remaining !== null).map((row) => row.id);
          if (counted.length > 0) {
            await tx
              .update(fault)
              .set({ remaining: sql`${fault.remaining} - 1` })
              .where(inArray(fault.id, counted));
            await tx.delete(fault).where(and(inArray(fault.id, counted), isNotNull(fault.remaining), lte(fault.remaining, 0)));
          }
          return rows.map((row) => row.mode);
        },
      });
    },
  };
}
