// Inserts a user row for tests and drills: measurements, idempotency records and faults reference `user` (foreign keys are ON).
import type { AppDatabase } from "@/db/sqlite/open-database";
import { user } from "@/db/sqlite/schema";

export function createTestUser(options: { db: AppDatabase; id: string }): string {
  const { db, id } = options;
  db.insert(user)
    .values({ id, name: `Test ${id}`, email: `${id}@test.palestra.local` })
    .run();
  return id;
}
