// Whether a SQLite database holds every migration this build ships, as drizzle's migrator decides it: a migration is
// applied when the newest row of __drizzle_migrations is at least as recent as the migration's folder time.
import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";

export type MigrationStatus = {
  /** Migrations of this build the database does not hold yet. */
  pending: string[];
  /** The database was migrated by a newer build (its newest migration is later than ours). */
  newerThanBuild: boolean;
};

type JournalEntry = { tag: string; when: number };

export function readMigrationJournal(migrationsFolder = path.join(process.cwd(), "drizzle", "sqlite")): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

function newestAppliedAt(sqlite: Database.Database): number | null {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!table) return null;
  const row = sqlite.prepare("SELECT max(created_at) AS newest FROM __drizzle_migrations").get() as { newest: number | null };
  return row.newest === null ? null : Number(row.newest);
}

export function readMigrationStatus(sqlite: Database.Database, journal: JournalEntry[] = readMigrationJournal()): MigrationStatus {
  const newest = newestAppliedAt(sqlite);
  const pending = journal.filter((entry) => newest === null || entry.when > newest).map((entry) => entry.tag);
  const latest = Math.max(...journal.map((entry) => entry.when));
  return { pending, newerThanBuild: newest !== null && newest > latest };
}
