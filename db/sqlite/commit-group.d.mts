import type Database from "better-sqlite3";

export function commitGroup<Member, Result>(
  sqlite: Database.Database,
  members: readonly Member[],
  callbacks: { write: (member: Member) => Result; committed: (member: Member, result: Result) => void; failed: (member: Member, error: unknown) => void },
): void;
