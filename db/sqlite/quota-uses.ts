// The quota's uses admitted without a commit and counted by the turn's first one: a chat turn then makes one commit
// fewer (its own upsert of the usage window was a commit and an fsync of its own, see BENCHMARKS.md). Kept in process
// memory because one server process serves a SQLite file; PostgreSQL's instances commit the use at admission instead.
import "server-only";
import { sql } from "drizzle-orm";
import type { QuotaAdmission, QuotaUse } from "../../lib/store/account-store";
import type { AppDatabase } from "./open-database";
import { compileByName, type CompiledStatement } from "./compiled-statement";
import { preparedPerConnection } from "./prepared-per-connection";
import { turn, usageWindow } from "./schema";

/** The turn's row, if stored: whether a commit has counted the turn's use already. */
const turnExistsQuery = (db: AppDatabase) =>
  db
    .select({ id: turn.id })
    .from(turn)
    .where(sql`${turn.id} = ${sql.placeholder("turnId")}`);

// Into the window the use was admitted in; a window that has already moved on (a later use committed first) keeps
// its count, because the use belonged to one that is over.
const countUseQuery = (db: AppDatabase) =>
  db
    .insert(usageWindow)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: 1 })
    .onConflictDoUpdate({
      target: usageWindow.key,
      set: {
        count: sql`case when ${usageWindow.windowStart} = excluded.window_start then ${usageWindow.count} + 1
          when ${usageWindow.windowStart} < excluded.window_start then 1 else ${usageWindow.count} end`,
        windowStart: sql`max(${usageWindow.windowStart}, excluded.window_start)`,
      },
    });

const statementsOf = preparedPerConnection((db: AppDatabase) => ({
  findWindow: db
    .select({ windowStart: usageWindow.windowStart, count: usageWindow.count })
    .from(usageWindow)
    .where(sql`${usageWindow.key} = ${sql.placeholder("key")}`)
    .prepare(),
  turnExists: turnExistsQuery(db).prepare(),
  countUse: countUseQuery(db).prepare(),
  compiledExists: compileByName(turnExistsQuery(db).toSQL()),
  compiledCount: compileByName(countUseQuery(db).toSQL()),
}));

/** The uses this process admitted and no commit has counted yet, per key; one set per connection. */
const pendingOf = preparedPerConnection((_db: AppDatabase) => new Map<string, Set<QuotaUse>>());

/**
 * The pending uses whose turn's first commit was handed to the turn writer's thread (turn-writer.ts), with their turn:
 * from the moment that commit lands until the thread's answer settles the use, the stored count already holds it.
 */
const committingOf = preparedPerConnection((_db: AppDatabase) => new Map<QuotaUse, string>());

export function admitQuotaUse(db: AppDatabase, options: { key: string; limit: number; windowMs: number; now: number }): QuotaAdmission {
  const { key, limit, windowMs, now } = options;
  const windowStart = now - (now % windowMs);
  const pending = pendingOf(db).get(key) ?? new Set<QuotaUse>();
  const committing = committingOf(db);
  const statements = statementsOf(db);
  // A use whose commit is on the writer's thread may be stored already: read the window and those turns in one
  // snapshot, so the use is counted once, either stored or pending.
  const read = () => {
    const stored = statements.findWindow.get({ key });
    const counted = new Set<QuotaUse>();
    for (const use of pending) {
      const turnId = committing.get(use);
      if (turnId !== undefined && statements.turnExists.get({ turnId })) counted.add(use);
    }
    return { stored, counted };
  };
  const inFlight = [...pending].some((use) => committing.has(use));
  const { stored, counted } = inFlight ? db.transaction(read, { behavior: "deferred" }) : read();
  let used = stored?.windowStart === windowStart ? stored.count : 0;
  for (const use of pending) if (use.windowStart === windowStart && !counted.has(use)) used += 1;
  if (used >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
  const use: QuotaUse = { key, windowStart };
  pending.add(use);
  pendingOf(db).set(key, pending);
  return { allowed: true, remaining: limit - used - 1, use };
}

/** Forgets an admitted use (counted or not); the caller's commit has counted it, or the turn ended without one. */
export function settleQuotaUse(db: AppDatabase, use: QuotaUse | undefined): void {
  if (!use) return;
  committingOf(db).delete(use);
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

/**
 * The quota part of a turn's first commit for the turn writer's thread (the same statements countQuotaUse runs), or
 * undefined when there is nothing to count. The use is marked as committing until settled (see committingOf).
 */
export function compileQuotaCount(
  db: AppDatabase,
  options: { use: QuotaUse | undefined; turnId: string },
): { exists: CompiledStatement; count: CompiledStatement } | undefined {
  const { use, turnId } = options;
  if (!use || !pendingOf(db).get(use.key)?.has(use)) return undefined;
  committingOf(db).set(use, turnId);
  const statements = statementsOf(db);
  return { exists: statements.compiledExists({ turnId }), count: statements.compiledCount({ key: use.key, windowStart: use.windowStart }) };
}
