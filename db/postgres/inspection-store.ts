// The port's inspection over PostgreSQL: whole rows for tests and drills to check what a write left.
import "server-only";
import type pg from "pg";
import { asc, eq, isNotNull } from "drizzle-orm";
import type { InspectionStore } from "../../lib/store/index";
import { countRowsQuery } from "../count-rows-query";
import type { PostgresDatabase } from "./client";
import { completedRecordOf } from "./idempotency-store";
import { idempotencyRecord, measurement, message, toolCall, traceEvent, turn, user } from "./schema";

export function createPostgresInspectionStore(options: { db: PostgresDatabase; pool: pg.Pool }): InspectionStore {
  const { db, pool } = options;
  return {
    toolCall: async ({ id }) => (await db.select().from(toolCall).where(eq(toolCall.id, id)))[0],
    toolCallsOfTurn: async ({ turnId }) =>
      (
        await db
          .select()
          .from(toolCall)
          .innerJoin(message, eq(message.id, toolCall.messageId))
          .where(eq(toolCall.turnId, turnId))
          .orderBy(asc(message.seq), asc(toolCall.position))
      ).map((row) => row.tool_call),
    traceEventsOfTurn: async ({ turnId }) => await db.select().from(traceEvent).where(eq(traceEvent.turnId, turnId)).orderBy(asc(traceEvent.seq)),
    turn: async ({ id }) => (await db.select().from(turn).where(eq(turn.id, id)))[0],
    messagesOfConversation: async ({ conversationId }) =>
      await db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.seq)),
    user: async ({ id }) => {
      const { name, email, units, role, banned, passwordChangeRequired } = user;
      return (await db.select({ id: user.id, name, email, units, role, banned, passwordChangeRequired }).from(user).where(eq(user.id, id)))[0];
    },
    measurements: async () => await db.select().from(measurement).orderBy(asc(measurement.id)),
    idempotencyRecords: async () =>
      (await db.select().from(idempotencyRecord).where(isNotNull(idempotencyRecord.outcome)).orderBy(asc(idempotencyRecord.id))).flatMap(
        (row) => completedRecordOf(row) ?? [],
      ),
    countRows: async (options) => {
      const { text, parameters } = countRowsQuery(options);
      const result = await pool.query<{ count: string }>(text.replace("?", "$1"), parameters);
      return Number(result.rows[0]?.count);
    },
  };
}
