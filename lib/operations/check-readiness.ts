// Readiness: the database answers a query and holds every migration this build ships (product.md, "Operating an
// instance"). Liveness (/api/health) touches nothing; this is what a load balancer or orchestrator waits for.
import "server-only";
import { getStore } from "@/lib/scope/get-store";

export type Readiness = { ready: true } | { ready: false; reason: string };

export async function checkReadiness(): Promise<Readiness> {
  try {
    const status = await getStore().migrationStatus();
    if (status.pending.length > 0) return { ready: false, reason: `The database lacks ${status.pending.length} migration(s): ${status.pending.join(", ")}.` };
    if (status.newerThanBuild) return { ready: false, reason: "The database was migrated by a newer Palestra than this one." };
    return { ready: true };
  } catch {
    // The error itself goes nowhere public: it may name paths. The operator's log has the start-up failure.
    return { ready: false, reason: "The database does not answer." };
  }
}
