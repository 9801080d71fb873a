// Consults the armed faults of one user at the exact storage points that make each mode true.
import "server-only";
import type { FaultMode, FaultTarget } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { SLOW_FAULT_DELAY_MS } from "./fault-modes";
import { InjectedWriteError, LostAcknowledgementError, TransientStorageError } from "./storage-errors";

/** One armed fault that acted on one storage attempt: what a trace shows as "QA fault injected". */
export type FaultInjection = { target: FaultTarget; mode: FaultMode };

/** What one write attempt must suffer, decided when the attempt starts. */
export type WriteFaultPlan = { failInsideTransaction: boolean; loseAcknowledgement: boolean };

export type StorageFaults = {
  /** false when no fault can ever act (QA disabled): a write then needs no plan before its key is known to be new. */
  enabled: boolean;
  /** Before each read attempt: may delay (slow) or throw a TransientStorageError (transient, unavailable). */
  beforeRead: () => Promise<void>;
  /** Before BEGIN of a write attempt: may delay (slow) or hang until `signal` aborts (timeout). */
  beginWrite: (signal?: AbortSignal) => Promise<WriteFaultPlan>;
  /** Inside the transaction body, after the changes: throws for fail_before_commit. */
  insideTransaction: (plan: WriteFaultPlan) => void;
  /** After COMMIT returned: throws for lost_ack (the data IS stored). */
  afterCommit: (plan: WriteFaultPlan) => void;
  /** Every armed fault that acted so far, in order: the turn stores the ones each tool call met in its trace. */
  injections: () => readonly FaultInjection[];
};

/** The plan of a write when QA faults are off: nothing to inject. */
export const noWriteFaultPlan: WriteFaultPlan = { failInsideTransaction: false, loseAcknowledgement: false };

export const noStorageFaults: StorageFaults = {
  enabled: false,
  beforeRead: async () => {},
  beginWrite: async () => noWriteFaultPlan,
  insideTransaction: () => {},
  afterCommit: () => {},
  injections: () => [],
};

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** A hang long enough to outlast any tool deadline; the deadline's abort ends it. */
const TIMEOUT_HANG_MS = 10 * 60_000;

export function createStorageFaults(options: { store: Store; userId: string; enabled: boolean }): StorageFaults {
  if (!options.enabled) return noStorageFaults;
  const { store, userId } = options;
  const injected: FaultInjection[] = [];
  const consume = async (target: FaultTarget) => {
    const modes = await store.faults.consumeAttempt({ userId, target });
    for (const mode of modes) injected.push({ target, mode });
    return modes;
  };
  return {
    enabled: true,
    beforeRead: async () => {
      const modes = await consume("read");
      if (modes.includes("slow")) await sleep(SLOW_FAULT_DELAY_MS);
      if (modes.includes("transient") || modes.includes("unavailable")) throw new TransientStorageError();
    },
    beginWrite: async (signal) => {
      const modes = await consume("write");
      if (modes.includes("slow")) await sleep(SLOW_FAULT_DELAY_MS, signal);
      if (modes.includes("timeout")) await sleep(TIMEOUT_HANG_MS, signal);
      return { failInsideTransaction: modes.includes("fail_before_commit"), loseAcknowledgement: modes.includes("lost_ack") };
    },
    insideTransaction: (plan) => {
      if (plan.failInsideTransaction) throw new InjectedWriteError();
    },
    afterCommit: (plan) => {
      if (plan.loseAcknowledgement) throw new LostAcknowledgementError();
    },
    injections: () => injected,
  };
}
