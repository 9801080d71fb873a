import { getTableConfig as getPgTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as getSqliteTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migratePostgres } from "@/db/postgres/client";
import { createPostgresStore } from "@/db/postgres/create-postgres-store";
import * as postgresSchema from "@/db/postgres/schema";
import * as sqliteSchema from "@/db/sqlite/schema";
import { withPostgresDatabases } from "@/tests/support/postgres-databases";

const postgres = withPostgresDatabases();

async function count(url: string, text: string): Promise<number> {
  const [row] = await query<{ count: string }>(url, text);
  return Number(row?.count);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The columns PostgreSQL adds for the cross-instance idempotency claim; SQLite serves one process and has none. */
const postgresOnlyColumns: Record<string, string[]> = { idempotency_record: ["claim_token", "claimed_until"] };
const postgresOnlyChecks: Record<string, string[]> = { idempotency_record: ["idempotency_claim_or_outcome"] };
/** Empty while the claim is in flight (the check above keeps them both set or both empty). */
const nullableWhileClaimed: Record<string, string[]> = { idempotency_record: ["operation", "fingerprint", "is_error", "outcome"] };
const tableNames = Object.keys(sqliteSchema).filter((name) => name in postgresSchema);
const sqliteTableOf = (name: string) => (sqliteSchema as unknown as Record<string, SQLiteTable>)[name] as SQLiteTable;
const postgresTableOf = (name: string) => (postgresSchema as unknown as Record<string, PgTable>)[name] as PgTable;

describe("the PostgreSQL schema", () => {
  it("has every table of the SQLite schema, with the same columns, nullability, indexes and checks", () => {
    expect(tableNames.sort()).toEqual(Object.keys(postgresSchema).sort());
    for (const name of tableNames) {
      const lite = getSqliteTableConfig(sqliteTableOf(name));
      const post = getPgTableConfig(postgresTableOf(name));
      expect(post.name).toBe(lite.name);
      const extra = postgresOnlyColumns[post.name] ?? [];
      const nullable = nullableWhileClaimed[post.name] ?? [];
      const columnsOf = (columns: { name: string; notNull: boolean; primary: boolean }[]) =>
        columns
          .filter((column) => !extra.includes(column.name))
          .map(({ name: column, notNull, primary }) => ({ column, notNull: notNull && !nullable.includes(column), primary }));
      expect(columnsOf(post.columns), post.name).toEqual(columnsOf(lite.columns));
      const indexesOf = (indexes: { config: { name?: string; unique: boolean } }[]) =>
        indexes.map(({ config }) => ({ name: config.name ?? "", unique: config.unique })).sort((a, b) => a.name.localeCompare(b.name));
      expect(indexesOf(post.indexes), post.name).toEqual(indexesOf(lite.indexes));
      expect(
        post.checks
          .map((check) => check.name)
          .filter((check) => !(postgresOnlyChecks[post.name] ?? []).includes(check))
          .sort(),
        post.name,
      ).toEqual(lite.checks.map((check) => check.name).sort());
      expect(post.foreignKeys.length, post.name).toBe(lite.foreignKeys.length);
    }
  });
});

describe("migratePostgres", () => {
  it("applies the migrations once when three instances start together, under the advisory lock", async () => {
    const url = await postgres.createDatabase();
    await Promise.all([migratePostgres(url), migratePostgres(url), migratePostgres(url)]);
    const applied = await count(url, "SELECT count(*) AS count FROM drizzle.__drizzle_migrations");
    const journal = (await import("@/drizzle/postgres/meta/_journal.json")).default as { entries: unknown[] };
    expect(applied).toBeGreaterThanOrEqual(1);
    expect(applied).toBe(journal.entries.length);
    const tables = await query<{ table_name: string }>(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    expect(tables.map((row) => row.table_name).sort()).toEqual(tableNames.map((name) => getPgTableConfig(postgresTableOf(name)).name).sort());
    // A later start finds nothing to do.
    await migratePostgres(url);
    expect(await count(url, "SELECT count(*) AS count FROM drizzle.__drizzle_migrations")).toBe(applied);
  });

  it("enforces the measurement constraints the SQLite schema enforces", async () => {
    const url = await postgres.createDatabase();
    await migratePostgres(url);
    await query(url, `INSERT INTO "user" (id, name, email) VALUES ('u1', 'Ada', 'ada@example.test')`);
    await query(url, "INSERT INTO measurement (user_id, date, weight_kg) VALUES ('u1', '2026-01-02', 80.5)");
    await expect(query(url, "INSERT INTO measurement (user_id, date, weight_kg) VALUES ('u1', '2026-01-02', 81)")).rejects.toThrow(
      /measurement_user_date_unique/,
    );
    await expect(query(url, "INSERT INTO measurement (user_id, date, weight_kg) VALUES ('u1', '2026-1-3', 81)")).rejects.toThrow(/measurement_date_format/);
    await expect(query(url, "INSERT INTO measurement (user_id, date, weight_kg) VALUES ('u1', '2026-01-04', 401)")).rejects.toThrow(/measurement_weight_range/);
    await expect(query(url, "INSERT INTO measurement (user_id, date, body_fat_pct) VALUES ('u1', '2026-01-05', 1)")).rejects.toThrow(
      /measurement_body_fat_range/,
    );
    await expect(query(url, "INSERT INTO measurement (user_id, date, weight_kg) VALUES ('nobody', '2026-01-06', 80)")).rejects.toThrow(/foreign key/);
    await query(url, `DELETE FROM "user" WHERE id = 'u1'`);
    expect(await query(url, "SELECT * FROM measurement")).toEqual([]);
  });

  it("tells readiness which migrations a database lacks, and when a newer build migrated it", async () => {
    const url = await postgres.createDatabase();
    const store = createPostgresStore({ url, poolSize: 1, commitTimeoutMs: 5_000 });
    try {
      const journal = (await import("@/drizzle/postgres/meta/_journal.json")).default as { entries: { tag: string; when: number }[] };
      expect(await store.migrationStatus()).toEqual({ pending: journal.entries.map((entry) => entry.tag), newerThanBuild: false });
      await migratePostgres(url);
      expect(await store.migrationStatus()).toEqual({ pending: [], newerThanBuild: false });
      // A later build's migration, as drizzle's migrator records it.
      const later = Math.max(...journal.entries.map((entry) => entry.when)) + 1;
      await query(url, "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('later', $1)", [later]);
      expect(await store.migrationStatus()).toEqual({ pending: [], newerThanBuild: true });
    } finally {
      await store.close();
    }
  });
});
