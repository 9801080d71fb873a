// Statements a pooled connection prepares once (SQL PREPARE) and then runs by name with EXECUTE inside a simple query:
// several of them go out in one round trip (node-postgres's named statements take one round trip each), and the
// server parses and plans none of them again. A prepared statement lives as long as its session, whatever happens to
// the transactions around it (a ROLLBACK does not drop it), so which ones a connection holds is tracked per client.
import "server-only";
import pg from "pg";

/** `name` is an SQL identifier in the session's one namespace: node-postgres's named statements use hyphens, these underscores. */
export type SessionStatement = { readonly name: string; readonly parameterTypes: readonly string[]; readonly text: string };

/** The names each connection (one pg client for its whole life) has prepared. A replaced connection is a new client. */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();

/**
 * PREPAREs those of `statements` this connection lacks, in one simple query (one round trip, the first time only).
 * On an error the caller must not reuse the connection: some of them may have been prepared before it.
 */
export async function prepareOn(client: pg.ClientBase, statements: readonly SessionStatement[]): Promise<void> {
  const prepared = preparedOn.get(client) ?? new Set<string>();
  const missing = statements.filter((statement) => !prepared.has(statement.name));
  if (missing.length === 0) return;
  await client.query(missing.map((statement) => `PREPARE ${statement.name}(${statement.parameterTypes.join(", ")}) AS ${statement.text}`).join("; "));
  for (const statement of missing) prepared.add(statement.name);
  preparedOn.set(client, prepared);
}

/** `EXECUTE name('value', ...)`, the values as literals, for a simple query on a connection that ran prepareOn. */
export function executeStatement(statement: SessionStatement, values: readonly string[]): string {
  if (values.length !== statement.parameterTypes.length) throw new Error(`${statement.name} takes ${statement.parameterTypes.length} values`);
  return `EXECUTE ${statement.name}(${values.map((value) => pg.escapeLiteral(value)).join(", ")})`;
}

/** The server's answer when a statement this connection was thought to hold is gone (DEALLOCATE, DISCARD ALL). */
export function isMissingPreparedStatement(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.code === "26000";
}
