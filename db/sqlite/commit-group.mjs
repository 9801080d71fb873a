// Group commit: many writers' rows in one synchronous BEGIN IMMEDIATE transaction (one WAL append and one fsync under
// synchronous=FULL instead of one each), each writer's rows in a savepoint of its own so they still go in whole or not
// at all. Plain JavaScript: the turn writer's thread (turn-write-thread.mjs) loads it as it is.

/** BEGIN, COMMIT and the savepoint's statements, compiled once per connection. */
const statementsOf = new WeakMap();
function statements(sqlite) {
  let found = statementsOf.get(sqlite);
  if (found === undefined) {
    found = {
      begin: sqlite.prepare("BEGIN IMMEDIATE"),
      savepoint: sqlite.prepare("SAVEPOINT group_member"),
      release: sqlite.prepare("RELEASE group_member"),
      rollbackToSavepoint: sqlite.prepare("ROLLBACK TO group_member"),
      commit: sqlite.prepare("COMMIT"),
      rollback: sqlite.prepare("ROLLBACK"),
    };
    statementsOf.set(sqlite, found);
  }
  return found;
}

function rollbackQuietly(sqlite) {
  // SQLITE_FULL, IOERR, BUSY and NOMEM "may or may not" roll back by themselves: roll back explicitly when still open.
  if (!sqlite.inTransaction) return;
  try {
    statements(sqlite).rollback.run();
  } catch {
    // The transaction is already gone.
  }
}

/** Undoes one member's rows and keeps the rest; false when the error took the whole transaction with it. */
function rollbackMember(sqlite) {
  if (!sqlite.inTransaction) return false;
  try {
    statements(sqlite).rollbackToSavepoint.run();
    statements(sqlite).release.run();
    return true;
  } catch {
    rollbackQuietly(sqlite);
    return false;
  }
}

/**
 * Writes `members` with `write(member)` in one transaction and reports each member's end exactly once: `committed`
 * with what its write returned once COMMIT has returned, or `failed` with the error and where it happened ("begin" and
 * "body": certainly not written; "commit": maybe written). A member whose rows fail is rolled back alone; a failed BEGIN or COMMIT fails every member (certainly not written after BEGIN; after COMMIT the caller
 * decides); an error that ends the transaction itself (SQLITE_FULL, IOERR) fails its member and writes the others
 * again in a new group. Synchronous from BEGIN to COMMIT.
 */
export function commitGroup(sqlite, members, { write, committed, failed }) {
  if (members.length === 0) return;
  const { begin, savepoint, release, commit } = statements(sqlite);
  try {
    begin.run();
  } catch (error) {
    for (const member of members) failed(member, error, "begin");
    return;
  }
  const written = [];
  for (let index = 0; index < members.length; index += 1) {
    const member = members[index];
    try {
      savepoint.run();
      const result = write(member);
      release.run();
      written.push({ member, result });
    } catch (error) {
      failed(member, error, "body");
      if (!rollbackMember(sqlite)) {
        commitGroup(sqlite, [...written.map((entry) => entry.member), ...members.slice(index + 1)], { write, committed, failed });
        return;
      }
    }
  }
  try {
    commit.run();
  } catch (error) {
    rollbackQuietly(sqlite);
    for (const { member } of written) failed(member, error, "commit");
    return;
  }
  for (const { member, result } of written) committed(member, result);
}
