// The chat quota's uses admitted without a commit and counted by the turn's first one, on PostgreSQL: the same rule as
// SQLite's (db/sqlite/quota-uses.ts). The uses admitted and not yet counted are this instance's; the counts are shared.
import "server-only";
import { eq, sql } from "drizzle-orm";
import type { QuotaAdmission, QuotaUse } from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { turn, usageWindow } from "./schema";

export type QuotaUses = {
  admit(options: { key: string; limit: number; windowMs: number; now: number }): Promise<QuotaAdmission>;
  /**
   * Counts the turn's use when this write is the turn's first (its row is not stored yet), inside the caller's open
   * transaction. Returns the use to settle once that transaction has committed, or undefined when nothing was counted.
   */
  countInTransaction(tx: PostgresDatabase, options: { use: QuotaUse | undefined; turnId: string }): Promise<QuotaUse | undefined>;
  /** Forgets an admitted use: counted by a commit, or the turn ended without one. */
  settle(use: QuotaUse | undefined): void;
};

export function createQuotaUses(db: PostgresDatabase): QuotaUses {
  const pending = new Map<string, Set<QuotaUse>>();
  return {
    admit: async ({ key, limit, windowMs, now }) => {
      const windowStart = now - (now % windowMs);
      const [stored] = await db.select({ windowStart: usageWindow.windowStart, count: usageWindow.count }).from(usageWindow).where(eq(usageWindow.key, key));
      const uses = pending.get(key) ?? new Set<QuotaUse>();
      let used = stored?.windowStart === windowStart ? stored.count : 0;
      for (const use of uses) if (use.windowStart === windowStart) used += 1;
      if (used >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
      const use: QuotaUse = { key, windowStart };
      uses.add(use);
      pending.set(key, uses);
      return { allowed: true, remaining: limit - used - 1, use };
    },
    countInTransaction: async (tx, { use, turnId }) => {
      if (!use || !pending.get(use.key)?.has(use)) return undefined;
      // Keyed by the turn row in the database, so a write retried after an uncertain commit never counts twice.
      const [existing] = await tx.select({ id: turn.id }).from(turn).where(eq(turn.id, turnId));
      if (existing) return undefined;
      // Into the window the use was admitted in; a window that has already moved on keeps its count.
      await tx
        .insert(usageWindow)
        .values({ key: use.key, windowStart: use.windowStart, count: 1 })
        .onConflictDoUpdate({
          target: usageWindow.key,
          set: {
            count: sql`case when ${usageWindow.windowStart} = excluded.window_start then ${usageWindow.count} + 1
              when ${usageWindow.windowStart} < excluded.window_start then 1 else ${usageWindow.count} end`,
            windowStart: sql`greatest(${usageWindow.windowStart}, excluded.window_start)`,
          },
        });
      return use;
    },
    settle: (use) => {
      if (!use) return;
      const uses = pending.get(use.key);
      if (!uses) return;
      uses.delete(use);
      if (uses.size === 0) pending.delete(use.key);
    },
  };
}
