// The same Idempotency-Key and date sent to three instances at once: one change and one outcome per round; and while
// the first request is held (a write that hangs until the tool deadline), the duplicates on the other instances answer
// 409 with Retry-After.
import { addDays } from "@/lib/measurements/dates";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { checkHeldDuplicates, checkSameKeyRound } from "./check-same-key-round";
import { putWeight, signUpAndIn, type Client } from "./http-client";
import { readStoredWrites } from "./read-stored-writes";
import { startInstances } from "./start-instances";

/** The tool deadline of the drill's instances: how long a `timeout` write fault holds the first request. */
const TOOL_TIMEOUT_MS = 3_000;

async function armHangingWrite(client: Client): Promise<void> {
  const response = await fetch(`${client.url}/api/v1/qa/faults`, {
    method: "POST",
    headers: { authorization: `Bearer ${client.token}`, "content-type": "application/json", "x-forwarded-for": client.address },
    body: JSON.stringify({ target: "write", mode: "timeout", count: 1 }),
  });
  if (!response.ok) throw new Error(`arming the hanging write answered ${response.status}`);
}

export async function runSameKeyDrill(options: { rounds: number; heldRounds: number }): Promise<DrillReport> {
  const started = performance.now();
  const checker = createTargetChecker();
  // QA on: the held rounds hang the first write with the storage fault every instance reads from the database.
  const instances = await startInstances({ count: 3, env: { PALESTRA_QA: "1", PALESTRA_TOOL_TIMEOUT_MS: String(TOOL_TIMEOUT_MS) } });
  const urls = instances.servers.map((server) => server.url);
  try {
    const person = await signUpAndIn({ url: urls[0] as string, label: "same-key" });
    const email = await emailOf(person);
    let clean = 0;
    const totals = { executed: 0, replayed: 0, inFlight: 0 };
    for (let round = 0; round < options.rounds; round += 1) {
      const date = addDays("2000-01-01", round);
      const key = `same-key-${round}`;
      const answers = await Promise.all(urls.map((url) => putWeight({ client: person, url, date, weightKg: 70 + round / 10, key })));
      const stored = await readStoredWrites({ url: instances.cluster.url, email });
      const result = checkSameKeyRound({
        answers,
        rows: stored.measurements.filter((row) => row.date === date).length,
        records: stored.records.filter((record) => record.key === key).length,
        claims: stored.claims,
      });
      totals.executed += result.executed;
      totals.replayed += result.replayed;
      totals.inFlight += result.inFlight;
      if (result.problems.length === 0) clean += 1;
      for (const problem of result.problems) checker.expect(false, `round ${round}: ${problem}`);
    }
    let heldDuplicates = 0;
    let heldInFlight = 0;
    for (let round = 0; round < options.heldRounds; round += 1) {
      const date = addDays("2001-01-01", round);
      const key = `held-${round}`;
      await armHangingWrite(person);
      const first = putWeight({ client: person, url: urls[0], date, weightKg: 75, key });
      // Sent once the first request's claim is in the database: it then hangs before its transaction until the tool
      // deadline, so the duplicates certainly arrive while it holds the key, however loaded the machine is.
      await waitForClaim({ url: instances.cluster.url, email, deadlineMs: TOOL_TIMEOUT_MS });
      const duplicates = await Promise.all(urls.slice(1).map((url) => putWeight({ client: person, url, date, weightKg: 75, key })));
      const answers = duplicates.map((answer) => ({ status: answer.status, inFlight: answer.status === 409 && answer.retryAfter !== null }));
      heldDuplicates += answers.length;
      heldInFlight += answers.filter((answer) => answer.inFlight).length;
      for (const problem of checkHeldDuplicates(answers)) checker.expect(false, `held round ${round}: ${problem}`);
      const firstAnswer = await first;
      checker.expect(
        firstAnswer.status === 500 && String(firstAnswer.body.type).endsWith("outcome_unknown"),
        `held round ${round}: the hung request answered ${firstAnswer.status}`,
      );
      // It never began its transaction: the key is free again once it has settled, and a retry executes once.
      let retry = await putWeight({ client: person, url: urls[2], date, weightKg: 75, key });
      for (let tries = 0; retry.status === 409 && tries < 10; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, Number(retry.retryAfter ?? "1") * 1000));
        retry = await putWeight({ client: person, url: urls[2], date, weightKg: 75, key });
      }
      checker.expect(retry.status === 201 && !retry.replayed, `held round ${round}: the retry answered ${retry.status} replayed=${retry.replayed}`);
    }
    return {
      name: "scale-out-same-key",
      passed: checker.failures.length === 0,
      figures: {
        instances: 3,
        rounds: options.rounds,
        rounds_one_change: clean,
        executed: totals.executed,
        replayed: totals.replayed,
        in_flight_409: totals.inFlight,
        held_duplicates_409: `${heldInFlight}/${heldDuplicates}`,
      },
      failures: checker.failures,
      durationMs: performance.now() - started,
    };
  } finally {
    await instances.stop();
  }
}

async function waitForClaim(options: { url: string; email: string; deadlineMs: number }): Promise<void> {
  const deadline = Date.now() + options.deadlineMs;
  while (Date.now() < deadline) {
    if ((await readStoredWrites(options)).claims > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the first request's claim never appeared");
}

async function emailOf(client: Client): Promise<string> {
  const response = await fetch(`${client.url}/api/auth/get-session`, { headers: { authorization: `Bearer ${client.token}` } });
  const session = (await response.json()) as { user?: { email?: string } };
  if (!session.user?.email) throw new Error("no session for the drill's person");
  return session.user.email;
}
