// A turn's rows written as idempotent upserts (lib/store/turn-store.ts says what each may change), inside a caller's
// transaction: the save's own (alsoWrite) or writeRows'.
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { TurnRows } from "../../lib/store/index";
import type { PostgresDatabase } from "./client";
import { conversation, message, toolCall, traceEvent, turn } from "./schema";

/** SET column = excluded.column for the columns the write holds, but the id: an absent column keeps what is stored. */
function excludedColumns(table: PgTable, written: object): Record<string, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([key]) => key !== "id" && (written as Record<string, unknown>)[key] !== undefined)
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

/** Writes the turn's rows inside the caller's transaction. rows.quotaUse is already counted: admit committed it. */
export async function writeTurnRows(db: PostgresDatabase, rows: TurnRows): Promise<void> {
  await db
    .insert(conversation)
    .values(rows.conversation)
    .onConflictDoUpdate({ target: conversation.id, set: { updatedAt: sql`excluded.updated_at` } });
  await db
    .insert(turn)
    .values(rows.turn)
    .onConflictDoUpdate({
      target: turn.id,
      set: { outcome: sql`excluded.outcome`, modelRequests: sql`excluded.model_requests`, endedAt: sql`excluded.ended_at` },
    });
  if (rows.messages.length > 0)
    await db
      .insert(message)
      .values([...rows.messages])
      .onConflictDoNothing();
  // One statement per call: calls of one write may hold different columns.
  for (const call of rows.toolCalls)
    await db
      .insert(toolCall)
      .values(call)
      .onConflictDoUpdate({ target: toolCall.id, set: excludedColumns(toolCall, call) });
  if (rows.traceEvents.length > 0)
    await db
      .insert(traceEvent)
      .values([...rows.traceEvents])
      .onConflictDoNothing();
}
