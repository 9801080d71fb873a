// The figures that need the production build and a running server: page weight, HTTP under load, memory, the
// load of a real instance (slow streamed model, many open turns) and a person's first visit (LCP, TBT in Chromium). Each reports "not measured" with its reason when its
// prerequisite is missing, never a made-up number.
import fs from "node:fs";
import path from "node:path";
import { createEntry, createUnmeasuredEntry, type BenchEntry } from "./bench-entry";
import type { BenchMode, BenchSettings } from "./bench-modes";
import { buildProduction, findStaleBuildReason } from "./check-production-build";
import { measureFirstVisit, unmeasuredFirstVisitEntries } from "./measure-first-visit";
import { measureHttpLoad } from "./measure-http-load";
import { RELAY } from "./instance-load-entries";
import { measureInstanceLoad } from "./measure-instance-load";
import { MODEL_REQUESTS_PER_TURN } from "./run-load-step";
import { measurePageWeight } from "./measure-page-weight";
import { measurePostgresFigures, unmeasuredPostgresEntries } from "./measure-postgres-figures";

const pageTargets = [
  { route: "/", limitKb: 180 },
  { route: "/measurements", limitKb: 250 },
] as const;
const KB = 1_000;
const requiredRoutes = ["app/api/v1/chat/route.ts", "app/api/auth/[...all]/route.ts", "app/api/v1/measurements/[date]/route.ts", "app/api/health/route.ts"];

function unmeasuredHttpEntries(settings: BenchSettings, reason: string): BenchEntry[] {
  const ceiling = "GET /api/health, same server";
  return [
    createUnmeasuredEntry({ name: "HTTP POST /api/v1/chat: requests/s", unit: "req/s", baseline: ceiling, target: "ratio >= 0.3", reason }),
    createUnmeasuredEntry({ name: "HTTP POST /api/v1/chat: p50 latency", unit: "ms", baseline: ceiling, target: null, reason }),
    createUnmeasuredEntry({ name: "HTTP POST /api/v1/chat: p99 latency", unit: "ms", baseline: ceiling, target: "< 100 ms", reason }),
    createUnmeasuredEntry({
      name: "HTTP POST /api/v1/chat: errors (non-2xx, socket errors, timeouts, wrong bodies)",
      unit: "requests",
      baseline: ceiling,
      target: "= 0",
      reason,
    }),
    createUnmeasuredEntry({
      name: `server RSS growth over ${settings.http.memoryTurns} chat turns`,
      unit: "MB",
      baseline: "server RSS before those turns",
      target: "< 50 MB",
      reason,
    }),
  ];
}

function unmeasuredInstanceEntries(settings: BenchSettings, reason: string): BenchEntry[] {
  const name = `real-instance load, ${settings.instance.load} streaming turns`;
  const relay = RELAY;
  return [
    createUnmeasuredEntry({ name: `${name}: errors`, unit: "turns", baseline: relay, target: "= 0", reason }),
    createUnmeasuredEntry({ name: `${name}: turns stored`, unit: "turns", baseline: "turns sent", target: "ratio = 1.00", reason }),
    createUnmeasuredEntry({ name: `${name}: server-added latency per turn, p50`, unit: "ms", baseline: relay, target: null, reason }),
    createUnmeasuredEntry({ name: `${name}: server-added latency per turn, p99`, unit: "ms", baseline: relay, target: "< 50 ms", reason }),
    createUnmeasuredEntry({ name: `${name}: event-loop delay p99 (inside the server)`, unit: "ms", baseline: relay, target: "< 20 ms", reason }),
    createUnmeasuredEntry({ name: `${name}: server RSS peak`, unit: "MB", baseline: "server RSS when ready, before any load", target: "< 512 MB", reason }),
    createUnmeasuredEntry({ name: "concurrent streaming turns one instance holds", unit: "turns", baseline: relay, target: null, reason }),
  ];
}

async function instanceLoadEntries(settings: BenchSettings, report: (line: string) => void): Promise<BenchEntry[]> {
  const { instance } = settings;
  report(
    `instance load: ${instance.users} people, streamed turns of ${MODEL_REQUESTS_PER_TURN} model requests (${instance.firstByteMs} ms + ${instance.streamMs} ms each), steps ${instance.steps.join(", ")}`,
  );
  try {
    return await measureInstanceLoad({ settings: instance, report });
  } catch (error) {
    report(`instance load failed: ${(error as Error).message}`);
    return unmeasuredInstanceEntries(settings, `the run failed: ${(error as Error).message.split("\n")[0]}`);
  }
}

function pageWeightEntries(nextDirectory: string): BenchEntry[] {
  return pageTargets.map(({ route, limitKb }) => {
    const name = `first-load JS of ${route}`;
    try {
      const weight = measurePageWeight({ nextDirectory, route });
      return createEntry({
        name,
        value: weight.gzipBytes / KB,
        unit: "kB gzip",
        baseline: "framework root chunks alone (React + Next runtime, same build)",
        baselineValue: weight.frameworkGzipBytes / KB,
        target: { description: `< ${limitKb} kB`, holds: ({ value }) => value < limitKb },
        digits: 1,
        note: `${weight.files.length} files (page ${weight.appPath})`,
      });
    } catch (error) {
      return createUnmeasuredEntry({
        name,
        unit: "kB gzip",
        baseline: "framework root chunks alone",
        target: `< ${limitKb} kB`,
        reason: (error as Error).message,
      });
    }
  });
}

export async function runServerFigures(options: { settings: BenchSettings; mode: BenchMode; report: (line: string) => void }): Promise<BenchEntry[]> {
  const { settings, mode, report } = options;
  const missingRoutes = requiredRoutes.filter((route) => !fs.existsSync(path.join(process.cwd(), route)));
  let stale = findStaleBuildReason();
  if (stale && mode === "full") {
    report(`next build (${stale})`);
    const build = buildProduction();
    stale = build.ok ? findStaleBuildReason() : build.reason;
  }
  if (stale) {
    const reason = mode === "quick" ? `${stale}; the quick run never builds (run \`npm run build\` first)` : stale;
    return [
      ...pageTargets.map(({ route, limitKb }) =>
        createUnmeasuredEntry({
          name: `first-load JS of ${route}`,
          unit: "kB gzip",
          baseline: "framework root chunks alone",
          target: `< ${limitKb} kB`,
          reason,
        }),
      ),
      ...unmeasuredHttpEntries(settings, reason),
      ...unmeasuredInstanceEntries(settings, reason),
      ...unmeasuredFirstVisitEntries(reason),
      ...unmeasuredPostgresEntries(reason),
    ];
  }
  report("page weight: first-load JS from the production build");
  const entries = pageWeightEntries(path.join(process.cwd(), ".next"));
  if (missingRoutes.length > 0) {
    const reason = `this branch lacks ${missingRoutes.join(", ")}`;
    return [
      ...entries,
      ...unmeasuredHttpEntries(settings, reason),
      ...unmeasuredInstanceEntries(settings, reason),
      ...unmeasuredFirstVisitEntries(reason),
      ...unmeasuredPostgresEntries(reason),
    ];
  }
  try {
    entries.push(...(await measureHttpLoad({ settings: settings.http, report })));
  } catch (error) {
    report(`HTTP figures failed: ${(error as Error).message}`);
    entries.push(...unmeasuredHttpEntries(settings, `the server run failed: ${(error as Error).message.split("\n")[0]}`));
  }
  entries.push(...(await instanceLoadEntries(settings, report)));
  entries.push(...(await measureFirstVisit({ settings: settings.firstVisit, mayBuild: mode === "full", report })));
  // PostgreSQL beside SQLite in the same run (the save figure needs no build, the chat figures do).
  entries.push(...(await measurePostgresFigures({ settings: settings.postgres, report })));
  return entries;
}
