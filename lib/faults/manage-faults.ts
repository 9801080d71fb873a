// Arming, listing and clearing a user's own storage faults (the QA page and API call these).
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { AppDatabase } from "@/db/client";
import { fault } from "@/db/schema";
import { armedFaultCount, type ArmFaultInput } from "./fault-modes";

export type ArmedFault = { id: number; target: string; mode: string; remaining: number | null; createdAt: string };

export function listFaults(options: { db: AppDatabase; userId: string }): ArmedFault[] {
  return options.db
    .select()
    .from(fault)
    .where(eq(fault.userId, options.userId))
    .orderBy(asc(fault.id))
    .all()
    .map((row) => ({ id: row.id, target: row.target, mode: row.mode, remaining: row.remaining, createdAt: row.createdAt.toISOString() }));
}

/** Arms one fault for the user; without a count it lasts the mode's default (transient: 1 attempt; others: until cleared). */
export function armFault(options: { db: AppDatabase; userId: string; input: ArmFaultInput }): ArmedFault {
  const { db, userId, input } = options;
  const row = db
    .insert(fault)
    .values({ userId, target: input.target, mode: input.mode, remaining: armedFaultCount(input) })
    .returning()
    .get();
  return { id: row.id, target: row.target, mode: row.mode, remaining: row.remaining, createdAt: row.createdAt.toISOString() };
}

/** Clears one fault by id, or all of the user's faults; never another user's. */
export function clearFaults(options: { db: AppDatabase; userId: string; id?: number }): number {
  const { db, userId, id } = options;
  const condition = id === undefined ? eq(fault.userId, userId) : and(eq(fault.userId, userId), eq(fault.id, id));
  return db.delete(fault).where(condition).run().changes;
}
