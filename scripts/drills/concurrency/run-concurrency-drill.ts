// Concurrency drill: N separate processes save (then set a goal) with the same key at the same moment; each round must leave
// one change and one outcome.
import path from "node:path";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase } from "@/tests/support/temporary-database";
import { bundleScript } from "../support/bundle-script";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { writeJsonLine } from "../support/line-protocol";
import { spawnWorker, type Worker } from "../support/spawn-worker";
import { addDays } from "@/lib/measurements/dates";

type RoundResult = { round: number; pid: number; status: string; serialized: string };

const ANSWER_TIMEOUT_MS = 60_000;

export async function runConcurrencyDrill(options: { processes: number; rounds: number }): Promise<DrillReport & { results: RoundResult[][] }> {
  const started = performance.now();
  const { processes, rounds } = options;
  const database = openTemporaryDatabase("palestra-concurrency-");
  const userId = await createTestUser(database.store, { id: "concurrency-user" });
  const bundle = await bundleScript(path.join("scripts", "drills", "concurrency", "concurrent-save-worker.ts"));
  const checker = createTargetChecker();
  const results: RoundResult[][] = [];
  const waiting = new Map<string, (message: Record<string, unknown>) => void>();
  const workers: Worker[] = [];
  const deliver = (message: Record<string, unknown>) => waiting.get(`${String(message.type)}:${String(message.pid)}`)?.(message);
  try {
    const ready = Array.from({ length: processes }, () => {
      const worker = spawnWorker({ bundle, arguments: [database.file, userId], onMessage: deliver });
      workers.push(worker);
      return answerOf(waiting, `ready:${worker.child.pid}`, worker);
    });
    await Promise.all(ready);
    let roundsWithOneChange = 0;
    for (let round = 0; round < rounds; round += 1) {
      const key = `concurrency-round-${round}`;
      const date = addDays("2020-01-01", round);
      const input = { date, values: { weight_kg: 70 + round / 10 }, note: `round ${round}` };
      const answers = workers.map((worker) => answerOf(waiting, `result:${worker.child.pid}`, worker));
      // Written back to back, so the processes race for BEGIN IMMEDIATE at the same moment.
      for (const worker of workers) writeJsonLine(worker.child.stdin, { type: "save", round, key, input });
      const roundResults = (await Promise.all(answers)) as unknown as RoundResult[];
      results.push(roundResults);
      const executed = roundResults.filter((result) => result.status === "executed").length;
      const replayed = roundResults.filter((result) => result.status === "replayed").length;
      const distinctOutcomes = new Set(roundResults.map((result) => result.serialized)).size;
      // (user, date) and (user, key) are unique: a row is there or not.
      const rows = (await database.store.measurements.findByDate({ userId, date })) ? 1 : 0;
      const records = (await database.store.idempotency.find({ userId, key })) ? 1 : 0;
      const oneChange = executed === 1 && replayed === processes - 1 && distinctOutcomes === 1 && rows === 1 && records === 1;
      if (oneChange) roundsWithOneChange += 1;
      checker.expect(
        oneChange,
        `round ${round}: executed=${executed} replayed=${replayed} distinct outcomes=${distinctOutcomes} rows=${rows} records=${records}`,
      );
    }
    // set_goal under the same race: each round a new target under one key, from every process at once.
    const goalRounds = Math.max(1, Math.floor(rounds / 2));
    let goalRoundsWithOneChange = 0;
    for (let round = 0; round < goalRounds; round += 1) {
      const key = `concurrency-goal-${round}`;
      const target = 60 + round / 10;
      const answers = workers.map((worker) => answerOf(waiting, `result:${worker.child.pid}`, worker));
      for (const worker of workers) writeJsonLine(worker.child.stdin, { type: "goal", round, key, input: { field: "weight_kg", target } });
      const roundResults = (await Promise.all(answers)) as unknown as RoundResult[];
      results.push(roundResults);
      const executed = roundResults.filter((result) => result.status === "executed").length;
      const replayed = roundResults.filter((result) => result.status === "replayed").length;
      const distinctOutcomes = new Set(roundResults.map((result) => result.serialized)).size;
      const stored = await database.store.goals.list({ userId });
      const records = (await database.store.idempotency.find({ userId, key })) ? 1 : 0;
      const oneChange =
        executed === 1 && replayed === processes - 1 && distinctOutcomes === 1 && stored.length === 1 && stored[0]?.target === target && records === 1;
      if (oneChange) goalRoundsWithOneChange += 1;
      checker.expect(
        oneChange,
        `goal round ${round}: executed=${executed} replayed=${replayed} distinct outcomes=${distinctOutcomes} goals=${stored.length} records=${records}`,
      );
    }
    const totalRows = await database.store.inspection.countRows({ table: "measurement" });
    const totalRecords = await database.store.inspection.countRows({ table: "idempotency_record" });
    // SQLite's own check of the file the processes shared.
    const integrity = database.handle.sqlite.pragma("integrity_check", { simple: true });
    checker.expect(
      totalRows === rounds && totalRecords === rounds + goalRounds,
      `after ${rounds} save rounds and ${goalRounds} goal rounds: ${totalRows} measurements and ${totalRecords} records`,
    );
    checker.expect(integrity === "ok", `integrity_check: ${String(integrity)}`);
    return {
      name: "concurrency",
      passed: checker.failures.length === 0,
      figures: {
        processes,
        rounds,
        rounds_with_one_change: roundsWithOneChange,
        goal_rounds: goalRounds,
        goal_rounds_with_one_change: goalRoundsWithOneChange,
        measurements: totalRows,
        outcomes: totalRecords,
        integrity_check: String(integrity),
      },
      failures: checker.failures,
      durationMs: performance.now() - started,
      results,
    };
  } finally {
    for (const worker of workers) writeJsonLine(worker.child.stdin, { type: "exit" });
    await Promise.all(workers.map((worker) => Promise.race([worker.exited, delay(5_000).then(() => worker.child.kill("SIGKILL"))])));
    database.remove();
  }
}

function answerOf(waiting: Map<string, (message: Record<string, unknown>) => void>, label: string, worker: Worker) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${label} within ${ANSWER_TIMEOUT_MS} ms`)), ANSWER_TIMEOUT_MS);
    void worker.exited.then(({ code, signal }) => reject(new Error(`worker exited (${code ?? signal}) before ${label}`)));
    waiting.set(label, (message) => {
      clearTimeout(timer);
      waiting.delete(label);
      resolve(message);
    });
  });
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
