// Goals over SQLite: reads, and set_goal's idempotent write as one synchronous BEGIN IMMEDIATE transaction (the key
// looked up again, the change, the key's record and the turn's rows), with no await inside.
import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { GoalChange, GoalStore, IdempotentGoalRequest } from "../../lib/store/goal-store";
import type { IdempotentSaveResult } from "../../lib/store/measurement-store";
import type { AppDatabase, DatabaseHandle } from "./open-database";
import { preparedPerConnection } from "./prepared-per-connection";
import { goal } from "./schema";
import { writeWithKey } from "./write-with-key";

const statementsOf = preparedPerConnection((db: AppDatabase) => ({
  findGoal: db
    .select()
    .from(goal)
    .where(and(eq(goal.userId, sql.placeholder("userId")), eq(goal.field, sql.placeholder("field"))))
    .prepare(),
}));

function applyGoalChange(db: AppDatabase, userId: string, field: string, change: GoalChange): void {
  if (change.kind === "set") {
    db.insert(goal)
      .values({ userId, field, target: change.target, createdAt: change.at, updatedAt: change.at })
      .onConflictDoUpdate({ target: [goal.userId, goal.field], set: { target: change.target, updatedAt: change.at } })
      .run();
  } else if (change.kind === "remove") {
    db.delete(goal)
      .where(and(eq(goal.userId, userId), eq(goal.field, field)))
      .run();
  }
}

export function createSqliteGoalStore(handle: DatabaseHandle): GoalStore {
  const { db } = handle;
  return {
    list: async ({ userId }) => db.select().from(goal).where(eq(goal.userId, userId)).orderBy(asc(goal.field)).all(),
    find: async ({ userId, field }) => statementsOf(db).findGoal.get({ userId, field }),
    setIdempotent: async <Value>(request: IdempotentGoalRequest<Value>): Promise<IdempotentSaveResult<Value>> => {
      const { userId, field } = request;
      return writeWithKey(handle, request, () => {
        const decision = request.decide(statementsOf(db).findGoal.get({ userId, field }));
        applyGoalChange(db, userId, field, decision.change);
        return decision;
      });
    },
  };
}
