// A turn's rows written as idempotent upserts (lib/store/turn-store.ts says what each may change), inside a caller's
// transaction: the save's own (alsoWrite) or writeRows'.
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { TurnRows } from "@/lib/store";
import type { PostgresDatabase } from "./client";
import { conversation, message, toolCall, traceEvent, turn } from "./schema";

/** SET column = excluded.column for every column of the table but the id. */
function excludedColumns(table: PgTable): Record<string, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([key]) => key !== "id")
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

export async function writeTurnRows(db: PostgresDatabase, rows: TurnRows): Promise<void> {
  await db
    .insert(conversation)
    .values(rows.conversation)
    .onConflictDoUpdate({ target: conversation.id, set: { updatedAt: sql`excluded.updated_at` } });
  await db
    .insert(turn)
    .values(rows.turn)
    .onConflictDoUpdate({ target: turn.id, set: { outcome: sql`excluded.outcome`, modelRequests: sql`excluded.model_requests`, endedAt: sql`excluded.ended_at` } });
  if (rows.messages.length > 0) await db.insert(message).values([...rows.messages]).onConflictDoNothing();
  if (rows.toolCalls.length > 0) await db.insert(toolCall).values([...rows.toolCalls]).onConflictDoUpdate({ target: toolCall.id, set: excludedColumns(toolCall) });
  if (rows.traceEvents.length > 0) await db.insert(traceEvent).values([...rows.traceEvents]).onConflictDoNothing();
}
