// The quota's uses admitted without a commit and counted by the turn's first one: a chat turn then makes one commit
// fewer (its own upsert of the usage window was a commit and an fsync of its own, see BENCHMARKS.md). Kept in process
// memory because one server process serves a SQLite file; PostgreSQL's instances commit the use at admission instead.
import "server-only";
import { sql } from "drizzle-orm";
import type { QuotaAdmission, QuotaUse } from "../../lib/store/account-store";
import type { AppDatabase } from "./open-database";
import { preparedPerConnection } from "./prepared-per-connection";
import { turn, usageWindow } from "./schema";

const statementsOf = preparedPerConnection((db: AppDatabase) => ({
  findWindow: db
    .select({ windowStart: usageWindow.windowStart, count: usageWindow.count })
    .from(usageWindow)
    .where(sql`${usageWindow.key} = ${sql.placeholder("key")}`)
    .prepare(),
  turnExists: db
    .select({ id: turn.id })
    .from(turn)
    .where(sql`${turn.id} = ${sql.placeholder("turnId")}`)
    .prepare(),
  // Into the window the use was admitted in; a window that has already moved on (a later use committed first) keeps
  // its count, because the use belonged to one that is over.
  countUse: db
    .insert(usageWindow)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: 1 })
    .onConflictDoUpdate({
      target: usageWindow.key,
      set: {
        count: sql`case when ${usageWindow.windowStart} = excluded.window_start then ${usageWindow.count} + 1
          when ${usageWindow.windowStart} < excluded.window_start then 1 else ${usageWindow.count} end`,
        windowStart: sql`max(${usageWindow.windowStart}, excluded.window_start)`,
      },
    })
    .prepare(),
}));

/** The uses this process admitted and no commit has counted yet, per key; one set per connection. */
const pendingOf = preparedPerConnection((_db: AppDatabase) => new Map<string, Set<QuotaUse>>());

export function admitQuotaUse(db: AppDatabase, options: { key: string; limit: number; windowMs: number; now: number }): QuotaAdmission {
  const { key, limit, windowMs, now } = options;
  const windowStart = now - (now % windowMs);
  const stored = statementsOf(db).findWindow.get({ key });
  const pending = pendingOf(db).get(key) ?? new Set<QuotaUse>();
  let used = stored?.windowStart === windowStart ? stored.count : 0;
  for (const use of pending) if (use.windowStart === windowStart) used += 1;
  if (used >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
  const use: QuotaUse = { key, windowStart };
  pending.add(use);
  pendingOf(db).set(key, pending);
  return { allowed: true, remaining: limit - used - 1, use };
}

/** Forgets an admitted use (counted or not); the caller's commit has counted it, or the turn ended without one. */
export function settleQuotaUse(db: AppDatabase, use: QuotaUse | undefined): void {
  if (!use) return;
  const pending = pendingOf(db).get(use.key);
  if (!pending) return;
  pending.delete(use);
  if (pending.size === 0) pendingOf(db).delete(use.key);
}

/**
 * Counts the turn's quota use when this write is the turn's first (its row is not stored yet), on the caller's open
 * transaction. Returns the use to settle once that transaction has committed, or undefined when nothing was counted.
 * Keyed by the turn row in the database, so a write retried after an uncertain commit never counts twice.
 */
export function countQuotaUse(db: AppDatabase, options: { use: QuotaUse | undefined; turnId: string }): QuotaUse | undefined {
  const { use, turnId } = options;
  if (!use || !pendingOf(db).get(use.key)?.has(use)) return undefined;
  const statements = statementsOf(db);
  if (statements.turnExists.get({ turnId })) return undefined;
  statements.countUse.run({ key: use.key, windowStart: use.windowStart });
  return use;
}
