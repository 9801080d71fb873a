// The scale-out drills, for `npm run drill` and the test suite: each starts its own PostgreSQL cluster and instances.
import type { DrillReport } from "../support/drill-report";
import { runCommitCutDrill } from "./run-commit-cut-drill";
import { runInFlightControl } from "./run-in-flight-control";
import { runInstanceKillDrill } from "./run-instance-kill-drill";
import { runNginxDrill } from "./run-nginx-drill";
import { runSameKeyDrill } from "./run-same-key-drill";

export const scaleOutDrills: { name: string; run: () => Promise<DrillReport> }[] = [
  { name: "scale-out-nginx", run: () => runNginxDrill({ reads: 30 }) },
  { name: "scale-out-same-key", run: () => runSameKeyDrill({ rounds: 50, heldRounds: 10 }) },
  { name: "scale-out-kill-instance", run: () => runInstanceKillDrill({ writes: 600, senders: 8, seed: 1 }) },
  { name: "scale-out-commit-cuts", run: () => runCommitCutDrill({ rounds: 10 }) },
  { name: "scale-out-control-in-process-registry", run: () => runInFlightControl({ rounds: 20 }) },
];
