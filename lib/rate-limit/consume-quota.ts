// Fixed-window limits stored in the database, so every server process counts against the same window.
import "server-only";
import { sql } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { usageWindow } from "@/db/schema";

/** Chat turns are counted under this prefix and the user's id. */
export const CHAT_QUOTA_KEY_PREFIX = "chat:";

export type QuotaDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** Counts one use of `key` in the current window; refuses past `limit`. One statement, so concurrent callers cannot both pass the last slot. */
export function consumeQuota(options: { db: AppDatabase; key: string; limit: number; windowMs: number; now?: number }): QuotaDecision {
  const { db, key, limit, windowMs } = options;
  const now = options.now ?? Date.now();
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
}
