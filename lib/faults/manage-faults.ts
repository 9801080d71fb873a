// Arming, listing and clearing a user's own storage faults (the QA page and API call these).
import "server-only";
import type { FaultRow } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { armedFaultCount, type ArmFaultInput } from "./fault-modes";

export type ArmedFault = { id: number; target: string; mode: string; remaining: number | null; createdAt: string };

const toArmedFault = (row: FaultRow): ArmedFault => ({
  id: row.id,
  target: row.target,
  mode: row.mode,
  remaining: row.remaining,
  createdAt: row.createdAt.toISOString(),
});

export async function listFaults(options: { store: Store; userId: string }): Promise<ArmedFault[]> {
  const rows = await options.store.faults.list({ userId: options.userId });
  return rows.map(toArmedFault);
}

/** Arms one fault for the user; without a count it lasts the mode's default (transient: 1 attempt; others: until cleared). */
export async function armFault(options: { store: Store; userId: string; input: ArmFaultInput }): Promise<ArmedFault> {
  const { store, userId, input } = options;
  return toArmedFault(await store.faults.arm({ userId, target: input.target, mode: input.mode, remaining: armedFaultCount(input) }));
}

/** Clears one fault by id, or all of the user's faults; never another user's. */
export function clearFaults(options: { store: Store; userId: string; id?: number }): Promise<number> {
  return options.store.faults.clear({ userId: options.userId, id: options.id });
}
