// Inserts a user row for tests and drills: measurements, idempotency records and faults reference `user` (foreign keys are ON).
import type { AppDatabase } from "@/db/client";
import { user } from "@/db/schema";

export function createTestUser(options: { db: AppDatabase; id: string }): string {
  const { db, id } = options;
  db.insert(user).values({ id, name: `Test ${id}`, email: `${id}@test.palestra.local` }).run();
  return id;
}
