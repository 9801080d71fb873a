// The instance-load bench's figures: the app against the bare relay at the headline concurrency, each target's verdict,
// and the ramp's first broken step.
import { createEntry, createUnmeasuredEntry, type BenchEntry } from "./bench-entry";
import { MB, MODEL_REQUESTS_PER_TURN, TARGET, type InstanceLoadOptions, type StepResult } from "./run-load-step";
import { describeMachine, describeMachineBriefly } from "./watch-machine";

export const RELAY = "bare relay: node:http + fetch, two streamed model requests per turn, no app (same fake, same load)";

export function formatStep(step: StepResult): string {
  const ms = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)} ms`);
  return `${step.target} at ${step.concurrency}: ${step.sent} turns in ${step.seconds.toFixed(1)} s, ${step.errors} errors, ${step.stored} stored, added p50 ${ms(step.addedP50Ms)} p99 ${ms(step.addedP99Ms)} over ${step.timedTurns} timed turns (at least ${step.leastOpenTurns} open), event-loop delay p99 ${ms(step.eventLoopP99Ms)}, RSS peak ${(step.rssPeakBytes / MB).toFixed(0)} MB, ${describeCpu(step)}; ${describeMachine(step.machine)}: ${step.holds ? "holds" : "BREAKS"}`;
}

/** What a turn cost the server's main thread (where every turn's JavaScript runs, one at a time) and how full it was. */
function describeCpu(step: StepResult): string {
  return `main thread ${step.mainThreadMsPerTurn.toFixed(1)} ms CPU a turn (${(100 * step.mainThreadBusy).toFixed(0)} % busy), process ${step.processMsPerTurn.toFixed(1)} ms`;
}

export function instanceLoadEntries(options: {
  settings: InstanceLoadOptions;
  steps: { app: StepResult; relay?: StepResult }[];
  readyRssBytes: number;
}): BenchEntry[] {
  const { settings, steps, readyRssBytes } = options;
  const atLoad = steps.find((step) => step.app.concurrency === settings.load);
  if (!atLoad?.relay) throw new Error(`the ramp did not run the step at ${settings.load}`);
  const { app, relay } = atLoad;
  const name = `real-instance load, ${settings.load} streaming turns`;
  const scenario = `${app.sent} turns (${settings.turnsPerUser} per person back to back, ${Math.min(settings.load, settings.users)} people), each a save then an answer (${MODEL_REQUESTS_PER_TURN} model requests of ${settings.firstByteMs} ms to first byte + ${settings.streamMs} ms streamed), in ${app.seconds.toFixed(0)} s`;
  const timing = `${app.timedTurns} timed turns (each person's middle turn; at least ${app.leastOpenTurns} turns open at each one's midpoint); relay ${relay.timedTurns} timed turns`;
  const entries: BenchEntry[] = [
    createEntry({
      name: `${name}: errors`,
      value: app.errors,
      unit: "turns",
      baseline: RELAY,
      baselineValue: relay.errors,
      target: { description: "= 0", holds: ({ value }) => value === 0 },
      digits: 0,
      note: `${scenario}${app.failures.length > 0 ? `; first failures: ${app.failures.slice(0, 3).join("; ")}` : ""}`,
    }),
    createEntry({
      name: `${name}: turns stored`,
      value: app.stored,
      unit: "turns",
      baseline: "turns sent",
      baselineValue: app.sent,
      target: { description: "ratio = 1.00", holds: ({ ratio }) => ratio === 1 },
      digits: 0,
      note: "each turn's stream ended in turn-end with an answered save, and GET /api/v1/turns/:id read it back (answered, 2 model requests, the save ok)",
    }),
    app.addedP50Ms === null || app.addedP99Ms === null
      ? createUnmeasuredEntry({
          name: `${name}: server-added latency per turn, p50`,
          unit: "ms",
          baseline: RELAY,
          target: null,
          reason: "no timed turn completed correctly",
        })
      : createEntry({
          name: `${name}: server-added latency per turn, p50`,
          value: app.addedP50Ms,
          unit: "ms",
          baseline: RELAY,
          baselineValue: relay.addedP50Ms,
          digits: 1,
          note: `turn wall time minus the model time the fake measured for the turn's requests; ${timing}`,
        }),
    app.addedP99Ms === null
      ? createUnmeasuredEntry({
          name: `${name}: server-added latency per turn, p99`,
          unit: "ms",
          baseline: RELAY,
          target: `< ${TARGET.addedP99Ms} ms`,
          reason: "no timed turn completed correctly",
        })
      : createEntry({
          name: `${name}: server-added latency per turn, p99`,
          value: app.addedP99Ms,
          unit: "ms",
          baseline: RELAY,
          baselineValue: relay.addedP99Ms,
          target: { description: `< ${TARGET.addedP99Ms} ms`, holds: ({ value }) => value < TARGET.addedP99Ms },
          digits: 1,
          // Every process shares the machine's cores, and a turn's time holds the fake's and the load generator's delays too.
          note: `${timing}; app: ${describeMachine(app.machine)}; relay: ${describeMachine(relay.machine)}`,
        }),
    createEntry({
      name: `${name}: event-loop delay p99 (inside the server)`,
      value: app.eventLoopP99Ms,
      unit: "ms",
      baseline: RELAY,
      baselineValue: relay.eventLoopP99Ms,
      target: { description: `< ${TARGET.eventLoopP99Ms} ms`, holds: ({ value }) => value < TARGET.eventLoopP99Ms },
      digits: 1,
      note: `perf_hooks.monitorEventLoopDelay in the server process over the step (${app.eventLoopSamples} samples at 10 ms; the delay is what exceeds the 10 ms timer)`,
    }),
    createEntry({
      name: `${name}: server RSS peak`,
      value: app.rssPeakBytes / MB,
      unit: "MB",
      baseline: "server RSS when ready, before any load",
      baselineValue: readyRssBytes / MB,
      target: { description: `< ${TARGET.rssPeakMb} MB`, holds: ({ value }) => value < TARGET.rssPeakMb },
      digits: 0,
      note: `the kernel's high-water mark (VmHWM) of the server process over the step; the relay peaked at ${(relay.rssPeakBytes / MB).toFixed(0)} MB`,
    }),
  ];
  // The most a server held: the largest step below its first break (a later step it happened to pass does not count).
  const held = (results: StepResult[]) => {
    const firstBreak = results.findIndex((step) => !step.holds);
    return Math.max(0, ...results.slice(0, firstBreak === -1 ? undefined : firstBreak).map((step) => step.concurrency));
  };
  const appHeld = held(steps.map((step) => step.app));
  const relaySteps = steps.map((step) => step.relay).filter((step): step is StepResult => step !== undefined);
  const relayHeld = held(relaySteps);
  const lastRelay = relaySteps.at(-1);
  const brokeAt = steps.find((step) => !step.app.holds)?.app;
  const stepsNote = steps
    .map(
      (step) =>
        `${step.app.concurrency}: app ${step.app.holds ? "holds" : "breaks"} (${describeBreak(step.app)})${step.relay ? `, relay ${step.relay.holds ? "holds" : "breaks"} (${describeBreak(step.relay)})` : ""}`,
    )
    .join("; ");
  entries.push(
    createEntry({
      name: "concurrent streaming turns one instance holds",
      value: appHeld,
      unit: "turns",
      baseline: `${RELAY}: the most it held over the same steps${lastRelay && relaySteps.every((step) => step.holds) ? ` (it held every step it ran, up to ${lastRelay.concurrency}: a lower bound)` : ""}`,
      baselineValue: relayHeld,
      digits: 0,
      note: `the largest step (of ${settings.steps.join(", ")}) with 0 errors, every turn stored, added p99 < ${TARGET.addedP99Ms} ms, event-loop p99 < ${TARGET.eventLoopP99Ms} ms and RSS < ${TARGET.rssPeakMb} MB${brokeAt ? `; broke at ${brokeAt.concurrency}` : `; held every step up to the cap of ${steps.at(-1)?.app.concurrency}`}. Steps: ${stepsNote}`,
    }),
  );
  return entries;
}

function describeBreak(step: StepResult): string {
  const ms = (value: number | null) => (value === null ? "—" : value.toFixed(0));
  return `${step.errors} errors, added p99 ${ms(step.addedP99Ms)} ms, loop p99 ${ms(step.eventLoopP99Ms)} ms, RSS ${(step.rssPeakBytes / MB).toFixed(0)} MB, ${describeCpu(step)}, ${describeMachineBriefly(step.machine)}`;
}
