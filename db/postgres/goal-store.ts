// Goals on PostgreSQL: reads, and set_goal's idempotent write through the shared keyed write (the key's record and
// the change in one transaction), serialized per (user, field) by an advisory lock.
import "server-only";
import type pg from "pg";
import { and, asc, eq } from "drizzle-orm";
import type { GoalChange, GoalStore, IdempotentGoalRequest, IdempotentSaveResult } from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { goalByFieldStatement } from "./keyed-write-statements";
import { goal } from "./schema";
import { createWriteWithKey, writeKeyedChange } from "./write-with-key";

async function applyGoalChange(options: { db: PostgresDatabase; userId: string; field: string; change: GoalChange }): Promise<void> {
  const { db, userId, field, change } = options;
  if (change.kind === "set") {
    await db
      .insert(goal)
      .values({ userId, field, target: change.target, createdAt: change.at, updatedAt: change.at })
      .onConflictDoUpdate({ target: [goal.userId, goal.field], set: { target: change.target, updatedAt: change.at } });
  } else if (change.kind === "remove") {
    await db.delete(goal).where(and(eq(goal.userId, userId), eq(goal.field, field)));
  }
}

export function createPostgresGoalStore(options: { db: PostgresDatabase; pool: pg.Pool; commitTimeoutMs: number }): GoalStore {
  const { db } = options;
  const writeWithKey = createWriteWithKey(options);
  const byField = (userId: string, field: string) => and(eq(goal.userId, userId), eq(goal.field, field));
  return {
    list: async ({ userId }) => await db.select().from(goal).where(eq(goal.userId, userId)).orderBy(asc(goal.field)),
    find: async ({ userId, field }) => {
      const [row] = await db.select().from(goal).where(byField(userId, field));
      return row;
    },
    setIdempotent: async <Value>(request: IdempotentGoalRequest<Value>): Promise<IdempotentSaveResult<Value>> => {
      const { userId, field } = request;
      return await writeKeyedChange(writeWithKey, request, {
        lock: JSON.stringify([userId, "goal", field]),
        read: { table: goal, statement: goalByFieldStatement, values: [userId, field] },
        apply: async ({ tx, change }) => await applyGoalChange({ db: tx, userId, field, change }),
      });
    },
  };
}
