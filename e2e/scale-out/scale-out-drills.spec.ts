// The scale-out drills in their short versions (npm run drill runs the long ones): three `npm start` instances on a
// throwaway PostgreSQL cluster, nginx in front for the first. Here, not in vitest: they need the production build.
import { expect, test } from "@playwright/test";
import { runCommitCutDrill } from "@/scripts/drills/scale-out/run-commit-cut-drill";
import { runInstanceKillDrill } from "@/scripts/drills/scale-out/run-instance-kill-drill";
import { runNginxDrill } from "@/scripts/drills/scale-out/run-nginx-drill";
import { runSameKeyDrill } from "@/scripts/drills/scale-out/run-same-key-drill";
import { formatDrillLine, type DrillReport } from "@/scripts/drills/support/drill-report";

// Each drill starts a cluster and up to four servers on a shared two-core machine.
test.describe.configure({ mode: "serial", timeout: 300_000 });

function expectPassed(report: DrillReport) {
  console.log(formatDrillLine(report));
  expect(report.failures).toEqual([]);
  expect(report.passed).toBe(true);
}

test("nginx round robin over three instances: sign up, chat, save and read through it", async () => {
  expectPassed(await runNginxDrill({ reads: 10 }));
});

test("the same key and date sent to three instances at once: one change, one outcome; duplicates of a held request get 409", async () => {
  expectPassed(await runSameKeyDrill({ rounds: 10, heldRounds: 3 }));
});

test("kill -9 of an instance during keyed writes: nothing acknowledged lost, nothing executed twice, retries replay", async () => {
  expectPassed(await runInstanceKillDrill({ writes: 120, senders: 6, seed: 2 }));
});

test("the database connection cut before, during and after COMMIT: each answer classified, one execution after resolution", async () => {
  expectPassed(await runCommitCutDrill({ rounds: 2 }));
});
