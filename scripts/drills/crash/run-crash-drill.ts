// Crash drill: a child saves keyed writes and is SIGKILLed at random moments; each restart re-sends the unacknowledged keys and the last acknowledged ones.
import path from "node:path";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { openDatabase } from "@/db/sqlite/open-database";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase } from "@/tests/support/temporary-database";
import { bundleScript } from "../support/bundle-script";
import type { DrillReport } from "../support/drill-report";
import { writeJsonLine } from "../support/line-protocol";
import { spawnWorker, type Worker } from "../support/spawn-worker";
import { checkKeyedWrites, isCleanCheck, type KeyedWriteCheck } from "./check-keyed-writes";
import { createRandom, keyedWriteAt, type KeyedWrite } from "./keyed-writes";
import type { NonAtomicVariant } from "./non-atomic-save";

export type CrashVariant = "atomic" | NonAtomicVariant;

export type CrashDrillResult = {
  variant: CrashVariant;
  check: KeyedWriteCheck;
  integrity: string;
  kills: number;
  lives: number;
  /** Keys in flight at a kill whose re-send found them already stored (committed, acknowledgement lost). */
  recovered: number;
  /** Re-sent acknowledged keys whose replay differed from the first acknowledgement. */
  replayMismatches: number;
  replaysChecked: number;
  failedAttempts: number;
  seed: number;
};

/** Keys in flight at once: the child works through them one by one, so a kill usually interrupts a save. */
const WINDOW = 4;
/** Acknowledged keys re-sent after each restart, to check that replays are byte-identical. */
const RESENT_ACKNOWLEDGED = 2;

type Life = { worker: Worker; loaded: Promise<void>; onMessage: (message: Record<string, unknown>) => void };

/** Starts a child that loads its code and waits: a restart then costs opening the database, not loading Node modules. */
function startChild(options: { bundle: string; file: string; userId: string; variant: CrashVariant }): Life {
  let markLoaded = () => {};
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  const life: Life = {
    worker: undefined as unknown as Worker,
    loaded,
    onMessage: () => {},
  };
  life.worker = spawnWorker({
    bundle: options.bundle,
    arguments: [options.file, options.userId, options.variant],
    onMessage: (message) => (message.type === "loaded" ? markLoaded() : life.onMessage(message)),
  });
  void life.worker.exited.then(markLoaded);
  return life;
}

/**
 * A kill is placed after a random number of acknowledgements of its life (up to `maxAcknowledgementsPerLife`), then a random
 * delay of up to two typical saves: a random moment inside the saves, that still lets a slow, loaded machine make progress.
 */
export async function runCrashDrill(options: {
  writes: number;
  variant: CrashVariant;
  seed?: number;
  maxAcknowledgementsPerLife?: number;
  /** Check the store after every life and stop at the first violation (a negative control needs only to be caught). */
  stopWhenCaught?: boolean;
}): Promise<CrashDrillResult> {
  const { writes, variant, maxAcknowledgementsPerLife = 40 } = options;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = createRandom(seed);
  const database = openTemporaryDatabase("palestra-crash-");
  const userId = await createTestUser(database.store, { id: "crash-user" });
  database.handle.sqlite.close();
  const bundle = await bundleScript(path.join("scripts", "drills", "crash", "crash-worker.ts"));
  const childOptions = { bundle, file: database.file, userId, variant };

  const all: KeyedWrite[] = Array.from({ length: writes }, (_, index) => keyedWriteAt(index));
  const attempted = new Set<number>();
  const unacknowledged: number[] = [];
  const firstDigest = new Map<number, string>();
  const inFlightAtKill = new Set<number>();
  const acknowledgedOrder: number[] = [];
  let next = 0;
  let typicalSaveMs = 5;
  const counts = { kills: 0, lives: 0, recovered: 0, replayMismatches: 0, replaysChecked: 0, failedAttempts: 0 };

  // The file as the killed children left it, on a connection of its own that applies no migration; rows through the port.
  const checkStore = async () => {
    const handle = openDatabase(database.file, { migrate: false });
    try {
      const store = createSqliteStore(handle);
      const goal = await store.goals.find({ userId, field: "weight_kg" });
      const check = checkKeyedWrites({
        attempted: [...attempted].sort((a, b) => a - b).map((index) => all[index] as KeyedWrite),
        acknowledged: new Set([...firstDigest.keys()].map((index) => (all[index] as KeyedWrite).key)),
        measurements: (await store.inspection.measurements()).map(({ date, weightKg }) => ({ date, weightKg })),
        records: (await store.inspection.idempotencyRecords()).map(({ key, isError, outcome }) => ({ key, isError, outcome })),
        goal: goal && { target: goal.target },
      });
      return { check, integrity: String(handle.sqlite.pragma("integrity_check", { simple: true })) };
    } finally {
      handle.sqlite.close();
    }
  };

  let spare = startChild(childOptions);
  try {
    while (firstDigest.size < writes) {
      counts.lives += 1;
      const life = spare;
      spare = startChild(childOptions);
      await life.loaded;
      // This life re-sends what the last one left unacknowledged, then a few acknowledged keys, then goes on with new keys.
      const queue = [...unacknowledged, ...acknowledgedOrder.slice(-RESENT_ACKNOWLEDGED)];
      let outstanding = 0;
      let finished = false;
      let timer: NodeJS.Timeout | undefined;
      const acknowledgementsBeforeKill = Math.floor(random() * (maxAcknowledgementsPerLife + 1));
      let acknowledgements = 0;
      let lastAnswerAt = 0;
      const armKill = () => {
        if (!timer) timer = setTimeout(kill, random() * 2 * typicalSaveMs);
      };
      const kill = () => {
        if (finished) return;
        for (const index of unacknowledged) inFlightAtKill.add(index);
        counts.kills += 1;
        life.worker.child.kill("SIGKILL");
      };
      const sendMore = () => {
        while (outstanding < WINDOW) {
          let index = queue.shift();
          if (index === undefined && next < writes) {
            index = next;
            next += 1;
          }
          if (index === undefined) break;
          if (!firstDigest.has(index) && !unacknowledged.includes(index)) unacknowledged.push(index);
          attempted.add(index);
          outstanding += 1;
          writeJsonLine(life.worker.child.stdin, { type: "save", write: all[index] });
        }
        if (outstanding === 0 && firstDigest.size === writes && !finished) {
          finished = true;
          writeJsonLine(life.worker.child.stdin, { type: "exit" });
        }
      };
      life.onMessage = (message) => {
        if (message.type === "ready") {
          lastAnswerAt = performance.now();
          if (acknowledgementsBeforeKill === 0) armKill();
          return sendMore();
        }
        const index = Number(String(message.key).slice("crash-".length));
        outstanding -= 1;
        const now = performance.now();
        typicalSaveMs = 0.9 * typicalSaveMs + 0.1 * (now - lastAnswerAt);
        lastAnswerAt = now;
        acknowledgements += 1;
        if (acknowledgements >= acknowledgementsBeforeKill) armKill();
        if (message.type === "fail") {
          counts.failedAttempts += 1;
          queue.push(index);
        } else if (message.type === "ack") {
          const digest = String(message.digest);
          const earlier = firstDigest.get(index);
          if (earlier !== undefined) {
            counts.replaysChecked += 1;
            if (earlier !== digest) counts.replayMismatches += 1;
          } else {
            firstDigest.set(index, digest);
            acknowledgedOrder.push(index);
            unacknowledged.splice(unacknowledged.indexOf(index), 1);
            if (inFlightAtKill.has(index) && message.status === "replayed") counts.recovered += 1;
          }
        }
        sendMore();
      };
      // One life in ten is killed while the database opens instead.
      if (random() < 0.1) timer = setTimeout(kill, random() * 20);
      writeJsonLine(life.worker.child.stdin, { type: "open" });
      await life.worker.exited;
      clearTimeout(timer);
      if (options.stopWhenCaught && !isCleanCheck((await checkStore()).check)) break;
    }
    return { variant, ...(await checkStore()), ...counts, seed };
  } finally {
    spare.worker.child.kill("SIGKILL");
    await spare.worker.exited;
    database.remove();
  }
}

/** The drill's line: the atomic save must pass the checker; a negative control must fail it. */
export function toCrashDrillReport(result: CrashDrillResult, durationMs: number): DrillReport {
  const { check } = result;
  const clean = isCleanCheck(check) && result.integrity === "ok" && result.replayMismatches === 0;
  const control = result.variant !== "atomic";
  const figures = {
    writes: check.attempted,
    kills: result.kills,
    acknowledged: check.acknowledged,
    stored: check.stored,
    lost: check.lost,
    duplicated: check.duplicated,
    unexpected: check.unexpected,
    partial: check.partial,
    wrong_value: check.wrongValue,
    recovered: result.recovered,
    replays_checked: result.replaysChecked,
    replay_mismatches: result.replayMismatches,
    integrity_check: result.integrity,
    seed: result.seed,
  };
  const failures = control
    ? clean
      ? [`the non-atomic "${result.variant}" save passed the checker: the drill cannot catch the bug`]
      : []
    : clean
      ? []
      : [`violations: ${check.examples.join("; ") || `integrity ${result.integrity}, replay mismatches ${result.replayMismatches}`}`];
  return {
    name: control ? `crash-negative-control (${result.variant}, must be caught)` : "crash",
    passed: failures.length === 0,
    figures: control ? { ...figures, caught: clean ? "no" : "yes" } : figures,
    failures,
    durationMs,
  };
}
