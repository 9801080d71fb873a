// The PostgreSQL figures, beside SQLite's in the same run: the idempotent save against raw single-row INSERT
// transactions on the same server, and chat turns/s for one instance and for three behind nginx. A throwaway cluster
// (fsync on, the server's defaults) per figure; "not measured" with the reason when PostgreSQL is not installed.
import "server-only";
import crypto from "node:crypto";
import pg from "pg";
import { openPostgresStore, type PostgresStore } from "@/db/postgres/create-postgres-store";
import { user } from "@/db/postgres/schema";
import { addDays } from "@/lib/measurements/dates";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { startInstances } from "@/scripts/drills/scale-out/start-instances";
import { startNginx } from "@/scripts/drills/scale-out/start-nginx";
import { isPostgresInstalled, startThrowawayCluster } from "@/scripts/postgres/throwaway-cluster";
import { createEntry, createUnmeasuredEntry, type BenchEntry } from "./bench-entry";
import { compareThroughputOf } from "./compare-throughput";
import { runLoad } from "./run-load";
import { signUpBenchUsers } from "./sign-up-bench-users";

export type PostgresBenchOptions = { save: { rounds: number; blockMs: number }; chat: { connections: number; durationSeconds: number } };

const RAW = "raw pg single-row INSERT transaction (BEGIN, INSERT, COMMIT on one connection), same server";
const SAVE = "saveMeasurement on PostgreSQL, new keys";
const ONE = "chat turns/s on PostgreSQL, one instance";
const THREE = "chat turns/s on PostgreSQL, three instances behind nginx";
const DATES_PER_USER = 9_000;

async function createUsers(store: PostgresStore, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await store.handle.db.insert(user).values(ids.map((id) => ({ id, name: "Bench User", email: `${id}@bench.test` })));
  return ids;
}

/** (user, date) pairs that hold no record yet. */
function freshDates(users: string[]): () => { userId: string; date: string } {
  let used = 0;
  return () => {
    const index = used++;
    const userId = users[Math.floor(index / DATES_PER_USER)];
    if (!userId) throw new Error("the bench ran out of fresh dates");
    return { userId, date: addDays("1995-01-01", index % DATES_PER_USER) };
  };
}

/** The save figure alone (also `run-one-figure.ts postgres-save`, for before/after comparisons). */
export async function measurePostgresSave(options: PostgresBenchOptions["save"]): Promise<BenchEntry[]> {
  const cluster = await startThrowawayCluster();
  const store = await openPostgresStore({ url: cluster.url, poolSize: 2, commitTimeoutMs: 5_000 });
  const raw = new pg.Client({ connectionString: cluster.url });
  try {
    await raw.connect();
    const nextSave = freshDates(await createUsers(store, 20));
    const nextRaw = freshDates(await createUsers(store, 20));
    let keyNumber = 0;
    const save = async () => {
      const { userId, date } = nextSave();
      const result = await saveMeasurement({
        store,
        userId,
        idempotencyKey: `bench-${keyNumber++}`,
        input: { date, values: { weight_kg: 77.4 } },
        traceId: "bench",
        locale: "en",
      });
      if (result.status !== "executed") throw new Error(`saveMeasurement answered ${result.status}`);
    };
    const insert = async () => {
      const { userId, date } = nextRaw();
      await raw.query("BEGIN");
      await raw.query({ name: "bench-insert", text: "INSERT INTO measurement (user_id, date, weight_kg) VALUES ($1, $2, $3)", values: [userId, date, 77.4] });
      await raw.query("COMMIT");
    };
    const measured = await compareThroughputOf({ operations: { save, insert }, rounds: options.rounds, blockMs: options.blockMs });
    return [
      createEntry({
        name: SAVE,
        value: measured.save.perSecond,
        unit: "saves/s",
        baseline: RAW,
        baselineValue: measured.insert.perSecond,
        digits: 1,
        note: `${measured.save.operations} saves and ${measured.insert.operations} raw inserts in ${options.rounds} alternating rounds; one save is one transaction in 3 round trips, as many as a raw insert (BEGIN with the advisory lock, the key row's locked look-up and the stored row's read, run as statements each connection prepared once; the insert and the key's record in one named prepared statement; COMMIT), with no look-up before it`,
      }),
    ];
  } finally {
    await raw.end().catch(() => {});
    await store.close();
    cluster.stop();
  }
}

const CHAT_BODY = JSON.stringify({ message: "What did I weigh on 2 January 2020? If there is nothing, try the 1st.", locale: "en" });

async function chatTurnsPerSecond(options: { url: string; tokens: string[]; connections: number; durationSeconds: number }) {
  return await runLoad({
    url: `${options.url}/api/v1/chat`,
    method: "POST",
    body: CHAT_BODY,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    headersFor: (index) => ({ "content-type": "application/json", authorization: `Bearer ${options.tokens[index % options.tokens.length]}` }),
    verifyBody: (body) => body.includes('"outcome":"answered"') && body.includes("76"),
  });
}

async function seed(url: string, tokens: string[]): Promise<void> {
  for (const token of tokens) {
    const response = await fetch(`${url}/api/v1/measurements/2020-01-01`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({ values: { weight_kg: 76 } }),
    });
    if (response.status !== 201) throw new Error(`seeding answered ${response.status}`);
  }
}

async function measureChat(options: PostgresBenchOptions["chat"], report: (line: string) => void): Promise<BenchEntry[]> {
  const env = { PALESTRA_CHAT_TURNS_PER_MINUTE: "100000" };
  const single = await startInstances({ count: 1, env });
  let one;
  try {
    const url = single.servers[0]?.url as string;
    const tokens = await signUpBenchUsers({ url, count: options.connections, label: "pg-one" });
    await seed(url, tokens);
    await chatTurnsPerSecond({ url, tokens, connections: options.connections, durationSeconds: 2 });
    one = await chatTurnsPerSecond({ url, tokens, connections: options.connections, durationSeconds: options.durationSeconds });
    report(`PostgreSQL chat, one instance: ${one.requestsPerSecond.toFixed(1)} turns/s, ${one.failures} failures`);
  } finally {
    await single.stop();
  }
  const triple = await startInstances({ count: 3, env });
  const nginx = await startNginx({ upstreams: triple.servers.map((server) => new URL(server.url).host) });
  let three;
  try {
    const tokens = await signUpBenchUsers({ url: triple.servers[0]?.url as string, count: options.connections, label: "pg-three" });
    await seed(nginx.url, tokens);
    await chatTurnsPerSecond({ url: nginx.url, tokens, connections: options.connections, durationSeconds: 2 });
    three = await chatTurnsPerSecond({ url: nginx.url, tokens, connections: options.connections, durationSeconds: options.durationSeconds });
    report(`PostgreSQL chat, three instances: ${three.requestsPerSecond.toFixed(1)} turns/s, ${three.failures} failures`);
  } finally {
    await nginx.stop();
    await triple.stop();
  }
  const note = (result: { completed: number; failures: number; p50Ms: number; p99Ms: number }) =>
    `${options.connections} connections for ${options.durationSeconds} s: ${result.completed} turns, ${result.failures} failed, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`;
  return [
    createEntry({
      name: ONE,
      value: one.requestsPerSecond,
      unit: "turns/s",
      baseline: "(none: the reference for three instances)",
      baselineValue: null,
      digits: 1,
      note: note(one),
    }),
    createEntry({
      name: THREE,
      value: three.requestsPerSecond,
      unit: "turns/s",
      baseline: ONE,
      baselineValue: one.requestsPerSecond,
      target: { description: "no failed turn", holds: () => three.failures === 0 },
      digits: 1,
      note: `${note(three)}; all three instances, nginx and PostgreSQL share this machine's cores`,
    }),
  ];
}

export function unmeasuredPostgresEntries(reason: string): BenchEntry[] {
  return [
    createUnmeasuredEntry({ name: SAVE, unit: "saves/s", baseline: RAW, target: null, reason }),
    createUnmeasuredEntry({ name: ONE, unit: "turns/s", baseline: "(none: the reference for three instances)", target: null, reason }),
    createUnmeasuredEntry({ name: THREE, unit: "turns/s", baseline: ONE, target: "no failed turn", reason }),
  ];
}

export async function measurePostgresFigures(options: { settings: PostgresBenchOptions; report: (line: string) => void }): Promise<BenchEntry[]> {
  if (!isPostgresInstalled()) return unmeasuredPostgresEntries("PostgreSQL is not installed (apt-get install postgresql)");
  const { report, settings } = options;
  report(`PostgreSQL: saves against raw inserts (${settings.save.rounds} rounds of ${settings.save.blockMs} ms)`);
  let save: BenchEntry[];
  try {
    save = await measurePostgresSave(settings.save);
  } catch (error) {
    report(`PostgreSQL save figure failed: ${(error as Error).message}`);
    save = unmeasuredPostgresEntries(`the run failed: ${(error as Error).message.split("\n")[0]}`).slice(0, 1);
  }
  report(`PostgreSQL: chat turns, one instance then three behind nginx, ${settings.chat.connections} connections for ${settings.chat.durationSeconds} s`);
  try {
    return [...save, ...(await measureChat(settings.chat, report))];
  } catch (error) {
    report(`PostgreSQL chat figures failed: ${(error as Error).message}`);
    return [...save, ...unmeasuredPostgresEntries(`the run failed: ${(error as Error).message.split("\n")[0]}`).slice(1)];
  }
}
