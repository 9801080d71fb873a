import type Database from "better-sqlite3";

export function commitGroup<Member, Result>(
  sqlite: Database.Database,
  members: readonly Member[],
  callbacks: {
    write: (member: Member) => Result;
    committed: (member: Member, result: Result) => void;
    /** "begin" and "body": certainly not written; "commit": maybe written. */
    failed: (member: Member, error: unknown, phase: "begin" | "body" | "commit") => void;
  },
): void;
