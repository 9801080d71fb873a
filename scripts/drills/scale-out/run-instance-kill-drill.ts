// kill -9 of one instance during keyed writes: every write the dead instance had not acknowledged is sent again with
// its key to the survivors (a claim the dead instance left is taken over once its deadline passes). Acknowledged ⊆
// stored, no key executed twice, and acknowledged writes sent again are replays.
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { checkKeyedWrites, isCleanCheck } from "../crash/check-keyed-writes";
import { keyedSaveAt, type KeyedWrite } from "../crash/keyed-writes";
import { putWeight, signUpAndIn, type Client } from "./http-client";
import { readStoredWrites } from "./read-stored-writes";
import { startInstances } from "./start-instances";

const definitive = (status: number) => status === 200 || status === 201;

/** Sends a write again with its key until an instance gives a definitive answer (409 and 503 mean: later). */
async function resolveWrite(options: { client: Client; urls: string[]; write: KeyedWrite; attempt: number }): Promise<{ replayed: boolean; tries: number }> {
  const { client, urls, write } = options;
  for (let tries = 1; tries <= 60; tries += 1) {
    const url = urls[(options.attempt + tries) % urls.length] as string;
    const answer = await putWeight({ client, url, date: write.date, weightKg: write.weight, key: write.key });
    if (definitive(answer.status)) return { replayed: answer.replayed, tries };
    await new Promise((resolve) => setTimeout(resolve, Number(answer.retryAfter ?? "1") * 1000));
  }
  throw new Error(`${write.key} got no definitive answer in 60 tries`);
}

export async function runInstanceKillDrill(options: { writes: number; senders: number; seed: number }): Promise<DrillReport> {
  const started = performance.now();
  const checker = createTargetChecker();
  // A short tool deadline, so the dead instance's claims (held for twice that) expire within the drill.
  const instances = await startInstances({ count: 3, env: { PALESTRA_TOOL_TIMEOUT_MS: "1000" } });
  const [victim, ...survivors] = instances.servers as [(typeof instances.servers)[number], ...typeof instances.servers];
  try {
    const person = await signUpAndIn({ url: victim.url, label: "kill-drill" });
    const writes = Array.from({ length: options.writes }, (_, index) => keyedSaveAt(index + options.seed * 1_000));
    const acknowledged = new Set<string>();
    // Killed after a seeded share (30-60 %) of the writes was acknowledged, mid-stream.
    const killAfter = Math.floor(options.writes * (0.3 + ((options.seed * 7919) % 31) / 100));
    let next = 0;
    let killed = false;
    let inFlightAtKill = 0;
    let inFlight = 0;
    const sender = async () => {
      while (next < writes.length && !killed) {
        const write = writes[next++] as KeyedWrite;
        inFlight += 1;
        try {
          const answer = await putWeight({ client: person, url: victim.url, date: write.date, weightKg: write.weight, key: write.key });
          if (definitive(answer.status)) acknowledged.add(write.key);
        } catch {
          // The connection died with the instance: not acknowledged.
        } finally {
          inFlight -= 1;
        }
        if (!killed && acknowledged.size >= killAfter) {
          killed = true;
          inFlightAtKill = inFlight;
          process.kill(-victim.pid, "SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: options.senders }, sender));
    const acknowledgedBeforeKill = acknowledged.size;
    const survivorUrls = survivors.map((server) => server.url);
    let takenOver = 0;
    let resolveTries = 0;
    for (const [index, write] of writes.entries()) {
      if (acknowledged.has(write.key)) continue;
      const resolved = await resolveWrite({ client: person, urls: survivorUrls, write, attempt: index });
      resolveTries += resolved.tries;
      if (resolved.tries > 1) takenOver += 1;
      acknowledged.add(write.key);
    }
    let replays = 0;
    const resent = writes.filter((write, index) => index % 10 === 0 && index < killAfter);
    for (const write of resent) {
      const answer = await putWeight({ client: person, url: survivorUrls[0], date: write.date, weightKg: write.weight, key: write.key });
      if (definitive(answer.status) && answer.replayed) replays += 1;
    }
    const stored = await readStoredWrites({ url: instances.cluster.url });
    const check = checkKeyedWrites({ attempted: writes, acknowledged, measurements: stored.measurements, records: stored.records });
    checker.expect(killed, "the instance was never killed");
    checker.expect(isCleanCheck(check), `keyed writes: ${JSON.stringify(check)}`);
    checker.expect(check.stored === writes.length, `${check.stored} of ${writes.length} writes stored after resolution`);
    checker.expect(replays === resent.length, `${replays} of ${resent.length} acknowledged writes sent again were replays`);
    checker.expect(stored.claims === 0, `${stored.claims} claims left`);
    return {
      name: "scale-out-kill-instance",
      passed: checker.failures.length === 0,
      figures: {
        writes: writes.length,
        acknowledged_before_kill: acknowledgedBeforeKill,
        in_flight_at_kill: inFlightAtKill,
        resolved_on_survivors: writes.length - acknowledgedBeforeKill,
        resolved_after_a_409: takenOver,
        resolve_requests: resolveTries,
        lost: check.lost,
        duplicated: check.duplicated,
        partial: check.partial,
        replays: `${replays}/${resent.length}`,
      },
      failures: checker.failures,
      durationMs: performance.now() - started,
    };
  } finally {
    await instances.stop();
  }
}
