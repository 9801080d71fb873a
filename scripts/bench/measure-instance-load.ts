// The load a real instance sees: models that take seconds per request, and many people's turns open at once. The
// fake provider (its own process) answers every model request after firstByteMs, streamed over streamMs; the app runs
// as `npm start` runs it with COACH_PROVIDER=openai pointed at the fake; every person sends streamed chat turns
// (POST /api/v1/chat, Accept: text/event-stream) that save a measurement and answer: two model requests each. The same
// load goes to a bare relay (bare-relay-server.mjs: the least a server can do for such a turn) as the baseline.
// Concurrency is stepped up until a target breaks; the step at `load` gives the headline figures.
import path from "node:path";
import type { BenchEntry } from "./bench-entry";
import { createBenchDirectory } from "./create-bench-directory";
import { formatStep, instanceLoadEntries } from "./instance-load-entries";
import { createEventLoopReader } from "./read-event-loop-delay";
import { runStep, verifyAppTurns, type InstanceLoadOptions, type StepResult, type Target } from "./run-load-step";
import { startBareRelay } from "./start-bare-relay";
import { signUpBenchUsers } from "./sign-up-bench-users";
import { startAppServer, findFreePort } from "./start-app-server";
import { startHelperProcess, type HelperProcess } from "./start-helper-process";
import type { FakeProcess } from "./watch-machine";

const SIGN_UP_CONCURRENCY = 4;

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
    const fakeLoopFile = path.join(scratch.directory, "event-loop-fake.json");
    // One process (tsx as a loader, not its CLI, which would run the fake in a child): its pid is the one whose CPU and
    // event loop each step watches.
    const fakeProcess = await startHelperProcess({
      name: "fake provider",
      args: [
        "--conditions=react-server",
        "--import",
        "tsx",
        "scripts/fake-provider/main.ts",
        "--port",
        String(fakePort),
        "--first-byte-ms",
        String(settings.firstByteMs),
        "--stream-ms",
        String(settings.streamMs),
      ],
      env: { PALESTRA_BENCH_EVENT_LOOP_FILE: fakeLoopFile },
      ready: async () => (await fetch(`${fakeUrl}/_pacing`)).ok,
    });
    helpers.push(fakeProcess);
    const fake: FakeProcess = { pid: fakeProcess.pid, readEventLoop: createEventLoopReader({ pid: fakeProcess.pid, file: fakeLoopFile }).read };
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
      await runStep({ target, concurrency: warmUp, stepNumber: stepNumber++, settings: { ...settings, turnsPerUser: 1 }, fakeUrl, fake });

    const steps: { app: StepResult; relay?: StepResult }[] = [];
    let relayBroke = false;
    for (const concurrency of settings.steps) {
      report(
        `instance load: ${concurrency} streaming turns at once, ${settings.turnsPerUser} per person, model ${settings.firstByteMs} + ${settings.streamMs} ms per request`,
      );
      const appStep = await runStep({ target: app, concurrency, stepNumber: stepNumber++, settings, fakeUrl, fake });
      report(`  ${formatStep(appStep)}`);
      for (const failure of appStep.failures.slice(0, 3)) report(`    ${failure}`);
      // The relay at the same step, right after, on the same machine: always at `load` (the headline figures'
      // baseline), and at other steps until it breaks itself.
      const runRelay: boolean = concurrency === settings.load || !relayBroke;
      const relayStep: StepResult | undefined = runRelay
        ? await runStep({ target: bareRelay, concurrency, stepNumber: stepNumber++, settings, fakeUrl, fake })
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
