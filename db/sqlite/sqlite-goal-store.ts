// Goals over SQLite: reads, and set_goal's idempotent write as one synchronous BEGIN IMMEDIATE transaction (the key
// looked up again, the change, the key's record and the turn's rows), with no await inside.
import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { QuotaUse } from "../../lib/store/account-store";
import type { GoalChange, GoalStore, IdempotentGoalRequest } from "../../lib/store/goal-store";
import type { IdempotentSaveResult } from "../../lib/store/measurement-store";
import type { AppDatabase, DatabaseHandle } from "./open-database";
import { preparedPerConnection } from "./prepared-per-connection";
import { settleQuotaUse } from "./quota-uses";
import { writeTurnRows } from "./row-writes";
import { runWriteTransaction } from "./run-write-transaction";
import { goal, idempotencyRecord } from "./schema";

const statementsOf = preparedPerConnection((db: AppDatabase) => ({
  findGoal: db
    .select()
    .from(goal)
    .where(and(eq(goal.userId, sql.placeholder("userId")), eq(goal.field, sql.placeholder("field"))))
    .prepare(),
  findKey: db
    .select()
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.userId, sql.placeholder("userId")), eq(idempotencyRecord.key, sql.placeholder("key"))))
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
  const { db, sqlite } = handle;
  return {
    list: async ({ userId }) => db.select().from(goal).where(eq(goal.userId, userId)).orderBy(asc(goal.field)).all(),
    find: async ({ userId, field }) => statementsOf(db).findGoal.get({ userId, field }),
    setIdempotent: async <Value>(request: IdempotentGoalRequest<Value>): Promise<IdempotentSaveResult<Value>> => {
      const { userId, key, field } = request;
      const statements = statementsOf(db);
      let raced: ReturnType<typeof statements.findKey.get>;
      let counted: QuotaUse | undefined;
      const result = runWriteTransaction({
        sqlite,
        hooks: request.hooks,
        body: () => {
          raced = statements.findKey.get({ userId, key });
          if (raced) return { commit: false, value: undefined };
          const decision = request.decide(statements.findGoal.get({ userId, field }));
          applyGoalChange(db, userId, field, decision.change);
          const { outcome } = decision;
          db.insert(idempotencyRecord)
            .values({ userId, key, operation: request.operation, fingerprint: request.fingerprint, isError: outcome.isError, outcome: outcome.content })
            .run();
          if (request.alsoWrite) counted = writeTurnRows(db, request.alsoWrite(outcome));
          request.insideTransaction?.();
          return { commit: true, value: decision.value };
        },
        afterCommit: request.afterCommit,
      });
      if (result.status === "done" && result.committed) settleQuotaUse(db, counted);
      if (result.status === "failed" || result.status === "uncertain") return result;
      if (!result.committed || raced) return { status: "raced", record: raced as NonNullable<typeof raced> };
      return { status: "committed", value: result.value as Value };
    },
  };
}
