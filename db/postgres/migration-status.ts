// Whether a PostgreSQL database holds every migration this build ships, as drizzle's migrator decides it: a migration
// is applied when the newest row of drizzle.__drizzle_migrations is at least as recent as the migration's folder time.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";

type JournalEntry = { tag: string; when: number };

export function readPostgresMigrationJournal(migrationsFolder = path.join(process.cwd(), "drizzle", "postgres")): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

/** Throws when the database does not answer; a database never migrated has every migration pending. */
export async function readPostgresMigrationStatus(
  pool: pg.Pool,
  journal: JournalEntry[] = readPostgresMigrationJournal(),
): Promise<{ pending: string[]; newerThanBuild: boolean }> {
  // to_regclass answers null (not an error) while the migrations table does not exist yet.
  const { rows: present } = await pool.query<{ table: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS "table"`);
  let newest: number | null = null;
  if (present[0]?.table) {
    const { rows } = await pool.query<{ newest: string | null }>("SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations");
    newest = rows[0]?.newest ? Number(rows[0].newest) : null;
  }
  const pending = journal.filter((entry) => newest === null || entry.when > newest).map((entry) => entry.tag);
  const latest = Math.max(...journal.map((entry) => entry.when));
  return { pending, newerThanBuild: newest !== null && newest > latest };
}
