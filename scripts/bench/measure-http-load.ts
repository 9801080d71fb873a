// Figures 4 and 7: the app server (scripts/serve.mjs) with the offline coach under autocannon, POST /api/v1/chat (each connection its own
// user) against GET /api/health of the same app as the framework's ceiling; then server RSS around N chat turns.
import crypto from "node:crypto";
import { createEntry, type BenchEntry } from "./bench-entry";
import type { HttpLoadOptions } from "./bench-modes";
import { createBenchDirectory } from "./create-bench-directory";
import { runLoad, type LoadResult } from "./run-load";
import { signUpBenchUsers } from "./sign-up-bench-users";
import { startAppServer, type AppServer } from "./start-app-server";

/** The seeds' case study: two reads and an answer, three model requests, per turn. */
const CHAT_BODY = JSON.stringify({ message: "What did I weigh on 2 January 2020? If there is nothing, try the 1st.", locale: "en" });
const CEILING = "GET /api/health, same server (trivial route handler: the framework's ceiling)";
const WARM_UP_SECONDS = 3;
const MB = 1_000_000;

async function seedCaseStudyRecord(server: AppServer, token: string): Promise<void> {
  const response = await fetch(`${server.url}/api/v1/measurements/2020-01-01`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({ values: { weight_kg: 76 } }),
  });
  if (response.status !== 201) throw new Error(`seeding the case study record answered ${response.status}`);
}

function chatLoad(options: { server: AppServer; tokens: string[]; connections: number; durationSeconds?: number; amount?: number }): Promise<LoadResult> {
  const { server, tokens } = options;
  return runLoad({
    url: `${server.url}/api/v1/chat`,
    method: "POST",
    body: CHAT_BODY,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    amount: options.amount,
    headersFor: (index) => ({ "content-type": "application/json", authorization: `Bearer ${tokens[index % tokens.length]}` }),
    // A 200 is not enough: the turn must have run the case study to its answer.
    verifyBody: (body) => body.includes('"outcome":"answered"') && body.includes("76"),
  });
}

export async function measureHttpLoad(options: {
  settings: HttpLoadOptions;
  report: (line: string) => void;
  cpuProfileDirectory?: string;
}): Promise<BenchEntry[]> {
  const { settings, report } = options;
  const scratch = createBenchDirectory("http");
  // The chat limit is lifted so the load measures turns, not the 429 path.
  const profile = options.cpuProfileDirectory ? ["--cpu-prof", "--cpu-prof-dir", options.cpuProfileDirectory] : [];
  const server = await startAppServer({ directory: scratch.directory, env: { PALESTRA_CHAT_TURNS_PER_MINUTE: "100000" }, nodeArguments: profile });
  try {
    const coldRss = server.readRssBytes();
    const tokens = await signUpBenchUsers({ url: server.url, count: settings.connections, label: "load" });
    for (const token of tokens) await seedCaseStudyRecord(server, token);
    report(`HTTP: ${tokens.length} users signed up; warming up both routes for ${WARM_UP_SECONDS} s each`);
    await runLoad({ url: `${server.url}/api/health`, connections: settings.connections, durationSeconds: WARM_UP_SECONDS });
    await chatLoad({ server, tokens, connections: settings.connections, durationSeconds: WARM_UP_SECONDS });

    report(`HTTP: ${settings.connections} connections for ${settings.durationSeconds} s against GET /api/health, then POST /api/v1/chat`);
    const ceiling = await runLoad({
      url: `${server.url}/api/health`,
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      verifyBody: (body) => body === '{"ok":true}',
    });
    const chat = await chatLoad({ server, tokens, connections: settings.connections, durationSeconds: settings.durationSeconds });

    report(`memory: server RSS around ${settings.memoryTurns} chat turns`);
    const rssBefore = server.readRssBytes();
    const memoryRun = await chatLoad({ server, tokens, connections: settings.connections, amount: settings.memoryTurns });
    const rssAfter = server.readRssBytes();

    const loadNote = `${settings.connections} connections, ${settings.durationSeconds} s each; chat ${chat.completed} turns, ceiling ${ceiling.completed} requests`;
    return [
      createEntry({
        name: "HTTP POST /api/v1/chat: requests/s",
        value: chat.requestsPerSecond,
        unit: "req/s",
        baseline: CEILING,
        baselineValue: ceiling.requestsPerSecond,
        target: { description: "ratio >= 0.3", holds: ({ ratio }) => ratio !== null && ratio >= 0.3 },
        digits: 1,
        note: loadNote,
      }),
      createEntry({ name: "HTTP POST /api/v1/chat: p50 latency", value: chat.p50Ms, unit: "ms", baseline: CEILING, baselineValue: ceiling.p50Ms, digits: 1 }),
      createEntry({
        name: "HTTP POST /api/v1/chat: p99 latency",
        value: chat.p99Ms,
        unit: "ms",
        baseline: CEILING,
        baselineValue: ceiling.p99Ms,
        target: { description: "< 100 ms", holds: ({ value }) => value < 100 },
        digits: 1,
      }),
      createEntry({
        name: "HTTP POST /api/v1/chat: errors (non-2xx, socket errors, timeouts, wrong bodies)",
        value: chat.failures,
        unit: "requests",
        baseline: CEILING,
        baselineValue: ceiling.failures,
        target: { description: "= 0", holds: ({ value }) => value === 0 },
        digits: 0,
      }),
      createEntry({
        name: `server RSS growth over ${settings.memoryTurns} chat turns`,
        value: (rssAfter - rssBefore) / MB,
        unit: "MB",
        baseline: "server RSS before those turns (after warm-up and the load runs)",
        baselineValue: rssBefore / MB,
        target: { description: "< 50 MB", holds: ({ value }) => value < 50 },
        digits: 1,
        note: `RSS ${(coldRss / MB).toFixed(0)} MB when ready, ${(rssBefore / MB).toFixed(0)} MB before and ${(rssAfter / MB).toFixed(0)} MB after ${memoryRun.completed} turns (${memoryRun.failures} failed) at ${memoryRun.requestsPerSecond.toFixed(1)} turns/s`,
      }),
    ];
  } catch (error) {
    throw new Error(`${(error as Error).message}\nserver output:\n${server.output().slice(-4_000)}`);
  } finally {
    await server.stop();
    scratch.remove();
  }
}
