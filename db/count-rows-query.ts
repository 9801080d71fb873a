// The row count behind the port's inspection (tests and drills), as one SQL text both adapters run: the table names
// come from the port's closed list, so they are never a caller's text. `?` is the user id (PostgreSQL numbers it).
import type { InspectedTable } from "../lib/store/inspection-store";

/** Which rows of a table are one user's: by its own column, or through the conversation or turn it belongs to. */
const ofUser: Record<InspectedTable, string | undefined> = {
  user: "id = ?",
  session: "user_id = ?",
  apikey: "reference_id = ?",
  verification: undefined,
  measurement: "user_id = ?",
  idempotency_record: "user_id = ?",
  goal: "user_id = ?",
  conversation: "user_id = ?",
  turn: "user_id = ?",
  message: "conversation_id IN (SELECT id FROM conversation WHERE user_id = ?)",
  tool_call: "user_id = ?",
  trace_event: "turn_id IN (SELECT id FROM turn WHERE user_id = ?)",
  fault: "user_id = ?",
  usage_window: undefined,
};

/** The SELECT and its parameters; throws for a user's rows of a table that no user owns. */
export function countRowsQuery(options: { table: InspectedTable; userId?: string }): { text: string; parameters: string[] } {
  const { table, userId } = options;
  if (userId === undefined) return { text: `SELECT count(*) AS count FROM "${table}"`, parameters: [] };
  const condition = ofUser[table];
  if (condition === undefined) throw new Error(`${table} rows belong to no user`);
  return { text: `SELECT count(*) AS count FROM "${table}" WHERE ${condition}`, parameters: [userId] };
}
