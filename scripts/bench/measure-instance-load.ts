// The load a real instance sees: models that take seconds per request, and many people's turns open at once. The
// fake provider (its own process) answers every model request after firstByteMs, streamed over streamMs; the app runs
// as `npm start` runs it with COACH_PROVIDER=openai pointed at the fake; every person sends streamed chat turns
// (POST /api/v1/chat, Accept: text/event-stream) that save a measurement and answer: two model requests each. The same
// load goes to a bare relay (bare-relay-server.mjs: the least a server can do for such a turn) as the baseline.
// Concurrency is stepped up until a target breaks; the step at `load` gives the headline figures.
import path from "node:path";
import { createEntry, createUnmeasuredEntry, type BenchEntry } from "./bench-entry";
import { createBenchDirectory } from "./create-bench-directory";
import { createEventLoopReader, delayBeyondResolution } from "./read-event-loop-delay";
import { runStreamingTurns, type StreamedTurn, type TurnRequest } from "./run-streaming-turns";
import { signUpBenchUsers } from "./sign-up-bench-users";
import { startAppServer, findFreePort, startScriptNodeFlags } from "./start-app-server";
import { startHelperProcess, type HelperProcess } from "./start-helper-process";
import { percentileOf } from "./summarize-samples";
import { trackPeakRss } from "./track-peak-rss";

export type InstanceLoadOptions = {
  /** The fake model's pace: first byte after firstByteMs, the rest streamed over streamMs, per request. */
  firstByteMs: number;
  streamMs: number;
  /** People signed up before the load (each with a bearer token); steps above this share them, several turns each at once. */
  users: number;
  /** The concurrency of the headline figures. */
  load: number;
  /** The ramp, in order; it stops at the first step at or above `load` where a target breaks. */
  steps: number[];
  /** Turns each person sends back to back; only the middle one is timed (see below). */
  turnsPerUser: number;
};

export const MODEL_REQUESTS_PER_TURN = 2;
const TARGET = { addedP99Ms: 50, eventLoopP99Ms: 20, rssPeakMb: 512 };
const MB = 1_000_000;
export const RELAY = "bare relay: node:http + fetch, two streamed model requests per turn, no app (same fake, same load)";
const SIGN_UP_CONCURRENCY = 4;
const VERIFY_CONCURRENCY = 8;
const TURN_TIMEOUT_MS = 180_000;

export type StepResult = {
  target: "app" | "relay";
  concurrency: number;
  sent: number;
  errors: number;
  /** Turns found stored afterwards (the app: GET /api/v1/turns/:id; the relay stores nothing: turns it ended). */
  stored: number;
  timedTurns: number;
  addedP50Ms: number | null;
  addedP99Ms: number | null;
  eventLoopP99Ms: number;
  eventLoopSamples: number;
  rssPeakBytes: number;
  /** Turns open at the midpoint of each timed turn: the least of them (the concurrency the timed turns really saw). */
  leastOpenTurns: number;
  seconds: number;
  failures: string[];
  holds: boolean;
};

const dateOf = (dayNumber: number) => new Date(Date.UTC(2010, 0, 1) + dayNumber * 86_400_000).toISOString().slice(0, 10);
const tagPattern = /^bench turn (\S+):/;

/** The turns open at time t, from sorted start and end times. */
function openAt(starts: number[], ends: number[], time: number): number {
  const countAtOrBefore = (sorted: number[]) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle] as number) <= time) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return countAtOrBefore(starts) - countAtOrBefore(ends);
}

async function forEachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

export type Target = {
  name: "app" | "relay";
  turnUrl: string;
  pid: number;
  readEventLoop: () => ReturnType<ReturnType<typeof createEventLoopReader>["read"]>;
  /** The request of turn `tag` for slot `slot` (the app: the slot's person's token). */
  requestFor: (options: { tag: string; slot: number; message: string }) => TurnRequest;
  /** Why each turn is not a correct, stored turn (null when it is), checked after the timed window. */
  verify: (turns: StreamedTurn[]) => Promise<Map<string, string | null>>;
};

async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url} answered ${response.status}`);
  return response.json();
}

/** One step: `concurrency` people, each sending turnsPerUser turns back to back, the first ones spread over one turn's model time. */
export async function runStep(options: {
  target: Target;
  concurrency: number;
  stepNumber: number;
  settings: InstanceLoadOptions;
  fakeUrl: string;
}): Promise<StepResult> {
  const { target, concurrency, stepNumber, settings, fakeUrl } = options;
  const modelMsPerTurn = MODEL_REQUESTS_PER_TURN * (settings.firstByteMs + settings.streamMs);
  const turnsPerUser = settings.turnsPerUser;
  const tagOf = (slot: number, round: number) => `${target.name}-${stepNumber}-${slot}-${round}`;
  // A date per turn that is new for its person (people are shared by slots above `users`), all in the past.
  const slotsPerUser = Math.ceil(Math.max(...settings.steps, concurrency) / settings.users);
  const dayOf = (slot: number, round: number) => (stepNumber * slotsPerUser + Math.floor(slot / settings.users)) * turnsPerUser + round;
  const messageOf = (slot: number, round: number) => `bench turn ${tagOf(slot, round)}: save my weight, 77.4 kg on ${dateOf(dayOf(slot, round))}.`;

  if (target.name === "app") {
    // Each turn's two model responses, scripted by its message: a save of that date, then the answer.
    const turns = [];
    for (let slot = 0; slot < concurrency; slot += 1) {
      for (let round = 0; round < turnsPerUser; round += 1) {
        const date = dateOf(dayOf(slot, round));
        turns.push({
          userMessage: messageOf(slot, round),
          responses: [
            {
              text: "",
              toolCalls: [
                {
                  callId: `call_${tagOf(slot, round).replaceAll("-", "_")}`,
                  name: "save_measurement",
                  arguments: JSON.stringify({ date, values: { weight_kg: 77.4 } }),
                },
              ],
            },
            { text: `Saved: 77.4 kg on ${date}.`, toolCalls: [] },
          ],
        });
      }
    }
    await fetchJson(`${fakeUrl}/_script`, { method: "DELETE" });
    for (let start = 0; start < turns.length; start += 1_000) {
      await fetchJson(`${fakeUrl}/_script/turns`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ turns: turns.slice(start, start + 1_000) }),
      });
    }
  }
  await fetchJson(`${fakeUrl}/_requests`, { method: "DELETE" });

  await target.readEventLoop();
  const rss = trackPeakRss(target.pid);
  const startedAt = performance.now();
  const turns = await runStreamingTurns({
    url: target.turnUrl,
    users: concurrency,
    turnsPerUser,
    startSpreadMs: modelMsPerTurn,
    timeoutMs: TURN_TIMEOUT_MS,
    requestFor: (slot, round) => target.requestFor({ tag: tagOf(slot, round), slot, message: messageOf(slot, round) }),
  });
  const seconds = (performance.now() - startedAt) / 1_000;
  const eventLoop = await target.readEventLoop();
  const rssPeakBytes = rss.peakBytes();

  // The model time of each turn, as the fake measured it for the requests carrying the turn's tag.
  const { requests } = (await fetchJson(`${fakeUrl}/_requests?brief=1`)) as {
    requests: Array<{ lastUserMessage?: string; durationMs?: number; status?: number }>;
  };
  const modelTime = new Map<string, { requests: number; ms: number }>();
  for (const request of requests) {
    const tag = request.lastUserMessage?.match(tagPattern)?.[1];
    if (!tag) continue;
    const entry = modelTime.get(tag) ?? { requests: 0, ms: 0 };
    entry.requests += 1;
    entry.ms += request.durationMs ?? Number.NaN;
    modelTime.set(tag, entry);
  }
  await fetchJson(`${fakeUrl}/_requests`, { method: "DELETE" });

  const verdicts = await target.verify(turns.filter((turn) => !turn.failure));
  const failures: string[] = [];
  let stored = 0;
  const middleRound = Math.floor(turnsPerUser / 2);
  const added: number[] = [];
  for (const turn of turns) {
    const model = modelTime.get(turn.tag);
    const failure =
      turn.failure ??
      verdicts.get(turn.tag) ??
      (model?.requests !== MODEL_REQUESTS_PER_TURN || !Number.isFinite(model.ms)
        ? `the fake saw ${model?.requests ?? 0} finished model requests for it, not ${MODEL_REQUESTS_PER_TURN}`
        : null);
    if (failure) {
      failures.push(`${turn.tag}: ${failure}`);
      continue;
    }
    stored += 1;
    // Only each person's middle turn is timed: it started after every person's first turn had started and ended before
    // any person's last turn ended, so all `concurrency` turns were open the whole time it ran.
    if (turn.round === middleRound) added.push(turn.endedAt - turn.startedAt - (model as { ms: number }).ms);
  }
  const sortedAdded = [...added].sort((left, right) => left - right);
  const starts = turns.map((turn) => turn.startedAt).sort((left, right) => left - right);
  const ends = turns.map((turn) => turn.endedAt).sort((left, right) => left - right);
  const timed = turns.filter((turn) => turn.round === middleRound);
  const leastOpenTurns = Math.min(...timed.map((turn) => openAt(starts, ends, (turn.startedAt + turn.endedAt) / 2)));
  const addedP99Ms = sortedAdded.length > 0 ? percentileOf(sortedAdded, 0.99) : null;
  const eventLoopP99Ms = delayBeyondResolution(eventLoop, eventLoop.p99Ms);
  const errors = failures.length;
  const holds =
    errors === 0 &&
    stored === turns.length &&
    addedP99Ms !== null &&
    addedP99Ms < TARGET.addedP99Ms &&
    eventLoopP99Ms < TARGET.eventLoopP99Ms &&
    rssPeakBytes < TARGET.rssPeakMb * MB;
  return {
    target: target.name,
    concurrency,
    sent: turns.length,
    errors,
    stored,
    timedTurns: added.length,
    addedP50Ms: sortedAdded.length > 0 ? percentileOf(sortedAdded, 0.5) : null,
    addedP99Ms,
    eventLoopP99Ms,
    eventLoopSamples: eventLoop.samples,
    rssPeakBytes,
    leastOpenTurns,
    seconds,
    failures,
    holds,
  };
}

/** The app's turns: each its own correct answer (a save, then the answer: two model requests), stored and readable. */
function verifyAppTurns(options: { url: string; tokenOfTag: Map<string, string> }) {
  return async (turns: StreamedTurn[]): Promise<Map<string, string | null>> => {
    const verdicts = new Map<string, string | null>();
    await forEachLimited(turns, VERIFY_CONCURRENCY, async (turn) => {
      const end = turn.turnEnd as { turnId?: string; outcome?: string; modelRequests?: number; toolCalls?: Array<{ name: string; status: string }> };
      const call = end.toolCalls?.[0];
      if (
        end.outcome !== "answered" ||
        end.modelRequests !== MODEL_REQUESTS_PER_TURN ||
        end.toolCalls?.length !== 1 ||
        call?.name !== "save_measurement" ||
        call.status !== "ok"
      ) {
        verdicts.set(turn.tag, `turn-end was not an answered save: ${JSON.stringify(end).slice(0, 200)}`);
        return;
      }
      const response = await fetch(`${options.url}/api/v1/turns/${end.turnId}`, { headers: { authorization: `Bearer ${options.tokenOfTag.get(turn.tag)}` } });
      const stored = (await response.json().catch(() => null)) as {
        outcome?: string;
        modelRequests?: number;
        endedAt?: string | null;
        toolCalls?: Array<{ status: string }>;
      } | null;
      const ok =
        response.status === 200 &&
        stored?.outcome === "answered" &&
        stored.modelRequests === MODEL_REQUESTS_PER_TURN &&
        Boolean(stored.endedAt) &&
        stored.toolCalls?.[0]?.status === "ok";
      verdicts.set(turn.tag, ok ? null : `GET /api/v1/turns/${end.turnId} answered ${response.status}: ${JSON.stringify(stored).slice(0, 200)}`);
    });
    return verdicts;
  };
}

/** The baseline server (bare-relay-server.mjs) in its own process, with its event-loop probe, as a load target. */
export async function startBareRelay(options: { fakeUrl: string; directory: string }): Promise<{ process: HelperProcess; target: Target }> {
  const port = await findFreePort();
  const loopFile = path.join(options.directory, "event-loop-relay.json");
  const relay = await startHelperProcess({
    name: "bare relay",
    args: [...startScriptNodeFlags(), "scripts/bench/bare-relay-server.mjs", "--port", String(port), "--upstream", options.fakeUrl],
    env: { PALESTRA_BENCH_EVENT_LOOP_FILE: loopFile },
    ready: (output) => output.includes("listening"),
  });
  return {
    process: relay,
    target: {
      name: "relay",
      turnUrl: `http://127.0.0.1:${port}/turn`,
      pid: relay.pid,
      readEventLoop: createEventLoopReader({ pid: relay.pid, file: loopFile }).read,
      requestFor: ({ tag, message }) => ({ tag, body: JSON.stringify({ message }), headers: {} }),
      verify: async (turns) =>
        new Map(turns.map((turn) => [turn.tag, (turn.turnEnd as { outcome?: string }).outcome === "answered" ? null : "no answered turn-end"])),
    },
  };
}

function formatStep(step: StepResult): string {
  const ms = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)} ms`);
  return `${step.target} at ${step.concurrency}: ${step.sent} turns in ${step.seconds.toFixed(1)} s, ${step.errors} errors, ${step.stored} stored, added p50 ${ms(step.addedP50Ms)} p99 ${ms(step.addedP99Ms)} over ${step.timedTurns} timed turns (at least ${step.leastOpenTurns} open), event-loop delay p99 ${ms(step.eventLoopP99Ms)}, RSS peak ${(step.rssPeakBytes / MB).toFixed(0)} MB: ${step.holds ? "holds" : "BREAKS"}`;
}

export async function measureInstanceLoad(options: {
  settings: InstanceLoadOptions;
  report: (line: string) => void;
  /** The app server runs under `node --cpu-prof` and writes its profile here when it stops. */
  cpuProfileDirectory?: string;
}): Promise<BenchEntry[]> {
  const { settings, report } = options;
  const scratch = createBenchDirectory("instance");
  const helpers: HelperProcess[] = [];
  let stopServer: (() => Promise<void>) | undefined;
  try {
    const fakePort = await findFreePort();
    const fakeUrl = `http://127.0.0.1:${fakePort}`;
    const tsx = path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs");
    helpers.push(
      await startHelperProcess({
        name: "fake provider",
        args: [
          tsx,
          "--conditions=react-server",
          "scripts/fake-provider/main.ts",
          "--port",
          String(fakePort),
          "--first-byte-ms",
          String(settings.firstByteMs),
          "--stream-ms",
          String(settings.streamMs),
        ],
        ready: async () => (await fetch(`${fakeUrl}/_pacing`)).ok,
      }),
    );
    const appLoopFile = path.join(scratch.directory, "event-loop-app.json");
    const server = await startAppServer({
      directory: scratch.directory,
      env: {
        COACH_PROVIDER: "openai",
        OPENAI_API_KEY: "bench",
        OPENAI_BASE_URL: `${fakeUrl}/v1`,
        // The per-person limit is lifted so the load measures turns, not the 429 path.
        PALESTRA_CHAT_TURNS_PER_MINUTE: "100000",
        PALESTRA_BENCH_EVENT_LOOP_FILE: appLoopFile,
      },
      nodeArguments: options.cpuProfileDirectory ? ["--cpu-prof", "--cpu-prof-dir", options.cpuProfileDirectory] : [],
    });
    stopServer = server.stop;
    const readyRssBytes = server.readRssBytes();
    const relay = await startBareRelay({ fakeUrl, directory: scratch.directory });
    helpers.push(relay.process);

    report(`instance load: signing up ${settings.users} people (${SIGN_UP_CONCURRENCY} at a time)`);
    const tokens = await signUpBenchUsers({ url: server.url, count: settings.users, label: "instance", concurrency: SIGN_UP_CONCURRENCY });
    const tokenOfTag = new Map<string, string>();
    const app: Target = {
      name: "app",
      turnUrl: `${server.url}/api/v1/chat`,
      pid: server.pid,
      readEventLoop: createEventLoopReader({ pid: server.pid, file: appLoopFile }).read,
      requestFor: ({ tag, slot, message }) => {
        const token = tokens[slot % tokens.length] as string;
        tokenOfTag.set(tag, token);
        return { tag, body: JSON.stringify({ message, locale: "en" }), headers: { authorization: `Bearer ${token}` } };
      },
      verify: verifyAppTurns({ url: server.url, tokenOfTag }),
    };
    const bareRelay = relay.target;

    // Warm-up (not reported): the first requests load route code and fill caches in both servers.
    const warmUp = Math.min(20, settings.users);
    report(`instance load: warm-up, ${warmUp} turns on each`);
    let stepNumber = 0;
    for (const target of [app, bareRelay])
      await runStep({ target, concurrency: warmUp, stepNumber: stepNumber++, settings: { ...settings, turnsPerUser: 1 }, fakeUrl });

    const steps: { app: StepResult; relay?: StepResult }[] = [];
    let relayBroke = false;
    for (const concurrency of settings.steps) {
      report(
        `instance load: ${concurrency} streaming turns at once, ${settings.turnsPerUser} per person, model ${settings.firstByteMs} + ${settings.streamMs} ms per request`,
      );
      const appStep = await runStep({ target: app, concurrency, stepNumber: stepNumber++, settings, fakeUrl });
      report(`  ${formatStep(appStep)}`);
      for (const failure of appStep.failures.slice(0, 3)) report(`    ${failure}`);
      // The relay at the same step, right after, on the same machine: always at `load` (the headline figures'
      // baseline), and at other steps until it breaks itself.
      const runRelay: boolean = concurrency === settings.load || !relayBroke;
      const relayStep: StepResult | undefined = runRelay
        ? await runStep({ target: bareRelay, concurrency, stepNumber: stepNumber++, settings, fakeUrl })
        : undefined;
      if (relayStep) report(`  ${formatStep(relayStep)}`);
      relayBroke ||= relayStep?.holds === false;
      steps.push({ app: appStep, relay: relayStep });
      if (!appStep.holds && concurrency >= settings.load) break;
    }
    return instanceLoadEntries({ settings, steps, readyRssBytes });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${helpers.map((helper) => helper.output().slice(-2_000)).join("\n")}`);
  } finally {
    await stopServer?.();
    for (const helper of helpers) await helper.stop();
    scratch.remove();
  }
}

function instanceLoadEntries(options: {
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
          note: timing,
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
  return `${step.errors} errors, added p99 ${ms(step.addedP99Ms)} ms, loop p99 ${ms(step.eventLoopP99Ms)} ms, RSS ${(step.rssPeakBytes / MB).toFixed(0)} MB`;
}
