// GET /api/ready: 200 with a migrated database that answers; 503 problem+json when a migration is missing or newer.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { readMigrationJournal } from "@/db/sqlite/migration-status";
import { GET } from "@/app/api/ready/route";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

let database: TemporaryDatabase;
beforeEach(() => {
  database = openTemporaryDatabase("palestra-ready-");
  setStore(database.store);
});
afterEach(() => {
  setStore(undefined);
  database.remove();
});

describe("GET /api/ready", () => {
  it("answers 200 when the database answers and holds every migration", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true });
  });

  it("answers 503 not_ready naming the pending migration", async () => {
    database.handle.sqlite.exec("DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)");
    const response = await GET();
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({
      type: "https://palestra.dev/problems/not_ready",
      detail: expect.stringContaining(readMigrationJournal().at(-1)?.tag ?? "?"),
    });
  });

  it("answers 503 when the database was migrated by a newer build, or does not answer", async () => {
    database.handle.sqlite.exec("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', 9999999999999)");
    expect((await GET()).status).toBe(503);
    database.handle.sqlite.close();
    const response = await GET();
    expect(response.status).toBe(503);
    expect((await response.json()).detail).toBe("The database does not answer.");
  });
});
