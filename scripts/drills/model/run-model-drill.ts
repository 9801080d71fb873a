// Model-based test of the store: random command sequences, the database compared with an in-memory model after every command.
import fc from "fast-check";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase } from "@/tests/support/temporary-database";
import type { DrillReport } from "../support/drill-report";
import { createModel } from "./measurement-model";
import { storeCommandArbitraries, type RealStore } from "./model-commands";

export async function runModelDrill(options: { numRuns: number; maxCommands: number; seed?: number }): Promise<DrillReport> {
  const started = performance.now();
  let commands = 0;
  const result = await fc.check(
    fc.asyncProperty(fc.commands(storeCommandArbitraries, { maxCommands: options.maxCommands, size: "max" }), async (sequence) => {
      const database = openTemporaryDatabase("palestra-model-");
      const userId = await createTestUser(database.store, { id: "model-user" });
      try {
        const real: RealStore = { handle: database.handle, reopen: database.reopen, comparisons: 0 };
        try {
          await fc.asyncModelRun(() => ({ model: createModel(userId), real }), sequence);
        } finally {
          commands += real.comparisons;
        }
      } finally {
        database.remove();
      }
    }),
    { numRuns: options.numRuns, seed: options.seed },
  );
  const failures = result.failed
    ? [
        `counterexample after ${result.numShrinks} shrinks (seed ${result.seed}, path ${result.counterexamplePath}): ${fc.stringify(result.counterexample)}: ${String(result.errorInstance)}`,
      ]
    : [];
  return {
    name: "model-based",
    passed: !result.failed,
    figures: { runs: result.numRuns, commands_compared_with_model: commands, seed: result.seed, failures: failures.length },
    failures,
    durationMs: performance.now() - started,
  };
}
