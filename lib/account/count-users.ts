// How many accounts the instance holds: the first one becomes admin, and a closed instance still lets it sign up.
import "server-only";
import { count } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { user } from "@/db/schema";

export function countUsers(db: AppDatabase): number {
  return db.select({ total: count() }).from(user).get()?.total ?? 0;
}
