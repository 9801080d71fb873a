// Empty databases on the run's shared PostgreSQL cluster for the tests that migrate or open their own stores: a fresh
// one per call, all dropped in afterAll (their stores closed by then).
import { afterAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/tests/support/shared-postgres";

export function withPostgresDatabases(): { createDatabase: () => Promise<string> } {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of created.splice(0)) await database.drop();
  });
  return {
    createDatabase: async () => {
      const database = await createTestDatabase({ migrated: false });
      created.push(database);
      return database.url;
    },
  };
}
