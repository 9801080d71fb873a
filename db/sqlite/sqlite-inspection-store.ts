// The port's inspection over SQLite: whole rows for tests and drills to check what a write left.
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { InspectionStore } from "../../lib/store/inspection-store";
import { countRowsQuery } from "../count-rows-query";
import type { DatabaseHandle } from "./open-database";
import { idempotencyRecord, measurement, message, toolCall, traceEvent, turn, user } from "./schema";

export function createSqliteInspectionStore(handle: DatabaseHandle): InspectionStore {
  const { db, sqlite } = handle;
  return {
    toolCall: async ({ id }) => db.select().from(toolCall).where(eq(toolCall.id, id)).get(),
    toolCallsOfTurn: async ({ turnId }) =>
      db
        .select()
        .from(toolCall)
        .innerJoin(message, eq(message.id, toolCall.messageId))
        .where(eq(toolCall.turnId, turnId))
        .orderBy(asc(message.seq), asc(toolCall.position))
        .all()
        .map((row) => row.tool_call),
    traceEventsOfTurn: async ({ turnId }) => db.select().from(traceEvent).where(eq(traceEvent.turnId, turnId)).orderBy(asc(traceEvent.seq)).all(),
    turn: async ({ id }) => db.select().from(turn).where(eq(turn.id, id)).get(),
    messagesOfConversation: async ({ conversationId }) =>
      db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.seq)).all(),
    user: async ({ id }) => {
      const { name, email, units, role, banned, passwordChangeRequired } = user;
      return db.select({ id: user.id, name, email, units, role, banned, passwordChangeRequired }).from(user).where(eq(user.id, id)).get();
    },
    measurements: async () => db.select().from(measurement).orderBy(asc(measurement.id)).all(),
    idempotencyRecords: async () => db.select().from(idempotencyRecord).orderBy(asc(idempotencyRecord.id)).all(),
    countRows: async (options) => {
      const { text, parameters } = countRowsQuery(options);
      return (sqlite.prepare(text).get(...parameters) as { count: number }).count;
    },
  };
}
