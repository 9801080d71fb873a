// One step of the instance-load bench: `concurrency` people sending streamed chat turns to a load target (the app, or
// the bare relay: start-bare-relay.ts), timed against the fake model's own pace, with the event loop and RSS watched.
import { createEventLoopReader, delayBeyondResolution } from "./read-event-loop-delay";
import { runStreamingTurns, type StreamedTurn, type TurnRequest } from "./run-streaming-turns";
import { percentileOf } from "./summarize-samples";
import { trackCpuTime } from "./track-cpu-time";
import { trackPeakRss } from "./track-peak-rss";
import { watchMachine, type FakeProcess, type MachineView } from "./watch-machine";

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
export const TARGET = { addedP99Ms: 50, eventLoopP99Ms: 20, rssPeakMb: 512 };
export const MB = 1_000_000;
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
  /** CPU per turn sent of the server's main thread (all its JavaScript) and whole process, and that thread's busy share. */
  mainThreadMsPerTurn: number;
  processMsPerTurn: number;
  mainThreadBusy: number;
  /** Turns open at the midpoint of each timed turn: the least of them (the concurrency the timed turns really saw). */
  leastOpenTurns: number;
  /** The whole machine over the step's turns: every process's CPU, the fake's and the load generator's event loops. */
  machine: MachineView;
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
  /** The fake model's own process (its CPU and event loop are watched), when it is not this one. */
  fake?: FakeProcess;
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
  const cpu = trackCpuTime(target.pid);
  const machine = await watchMachine({ serverPid: target.pid, fake: options.fake });
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
  const cpuSpent = cpu.spent(); // before verification, whose reads are not the turns' work
  const machineView = await machine.stop();
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
  const holds =
    failures.length === 0 &&
    stored === turns.length &&
    addedP99Ms !== null &&
    addedP99Ms < TARGET.addedP99Ms &&
    eventLoopP99Ms < TARGET.eventLoopP99Ms &&
    rssPeakBytes < TARGET.rssPeakMb * MB;
  return {
    target: target.name,
    concurrency,
    sent: turns.length,
    errors: failures.length,
    stored,
    timedTurns: added.length,
    addedP50Ms: sortedAdded.length > 0 ? percentileOf(sortedAdded, 0.5) : null,
    addedP99Ms,
    eventLoopP99Ms,
    eventLoopSamples: eventLoop.samples,
    rssPeakBytes,
    mainThreadMsPerTurn: cpuSpent.mainThreadMs / turns.length,
    mainThreadBusy: cpuSpent.mainThreadMs / cpuSpent.wallMs,
    processMsPerTurn: cpuSpent.processMs / turns.length,
    leastOpenTurns,
    machine: machineView,
    seconds,
    failures,
    holds,
  };
}

/** The app's turns: each its own correct answer (a save, then the answer: two model requests), stored and readable. */
export function verifyAppTurns(options: { url: string; tokenOfTag: Map<string, string> }) {
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
