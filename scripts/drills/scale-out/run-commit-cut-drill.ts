// A TCP proxy between one instance and PostgreSQL cuts the database connection of a save before COMMIT, while COMMIT
// is in flight (never delivered, or run with its answer lost) and after its answer. Each answer must be classified
// (503 write_failed, 500 outcome_unknown, 201), and resolving by the key on another instance must store each write once.
import type { CutAction, CutRule } from "../support/cutting-proxy";
import { startCuttingProxy } from "../support/cutting-proxy";
import { checkKeyedWrites, isCleanCheck } from "../crash/check-keyed-writes";
import { keyedSaveAt, type KeyedWrite } from "../crash/keyed-writes";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { putWeight, signUpAndIn } from "./http-client";
import { readStoredWrites } from "./read-stored-writes";
import { startInstances } from "./start-instances";

// A save's transaction opens with its advisory lock: EXECUTE of the connection's prepared statement for it.
const inSave = (statement: string) => statement.includes("EXECUTE palestra_advisory_lock(");
const isCommit = (statement: string) => statement.trim().toUpperCase() === "COMMIT";

type CutCase = { name: string; rule: Omit<CutRule, "after">; status: number; slug?: string; stored: boolean };

const cutCases: CutCase[] = [
  {
    name: "before_commit",
    // A new date's insert, alone or in the WITH of the statement that also records the key.
    rule: { match: (statement) => /^(with change as \()?insert into "?measurement"? /i.test(statement), action: "swallow" },
    status: 503,
    slug: "write_failed",
    stored: false,
  },
  { name: "commit_lost", rule: { match: isCommit, action: "swallow" }, status: 500, slug: "outcome_unknown", stored: false },
  { name: "commit_answer_lost", rule: { match: isCommit, action: "drop_answer" as CutAction }, status: 500, slug: "outcome_unknown", stored: true },
  { name: "after_commit", rule: { match: isCommit, action: "cut_after_answer" }, status: 201, stored: true },
];

export async function runCommitCutDrill(options: { rounds: number }): Promise<DrillReport> {
  const started = performance.now();
  const checker = createTargetChecker();
  const instances = await startInstances({ count: 1 });
  const proxy = await startCuttingProxy({ targetPort: instances.cluster.port });
  try {
    const proxiedUrl = new URL(instances.cluster.url);
    proxiedUrl.port = String(proxy.port);
    const cut = await instances.startInstance({ DATABASE_URL: proxiedUrl.toString() });
    const direct = instances.servers[0]?.url as string;
    const person = await signUpAndIn({ url: direct, label: "commit-cut" });
    const writes: KeyedWrite[] = [];
    const acknowledged = new Set<string>();
    const figures: Record<string, string> = {};
    for (const [caseIndex, cutCase] of cutCases.entries()) {
      let classified = 0;
      let storedAsExpected = 0;
      let resolvedOnce = 0;
      for (let round = 0; round < options.rounds; round += 1) {
        const write = keyedSaveAt(9_000 + caseIndex * 100 + round);
        writes.push(write);
        proxy.arm({ ...cutCase.rule, after: inSave });
        const answer = await putWeight({ client: person, url: cut.url, date: write.date, weightKg: write.weight, key: write.key });
        const slugMatches = cutCase.slug === undefined || String(answer.body.type ?? "").endsWith(cutCase.slug);
        if (answer.status === cutCase.status && slugMatches) classified += 1;
        else checker.expect(false, `${cutCase.name} round ${round}: answered ${answer.status} ${String(answer.body.type ?? "")}`);
        if (answer.status === 201) acknowledged.add(write.key);
        const stored = await readStoredWrites({ url: instances.cluster.url });
        if (stored.records.some((record) => record.key === write.key) === cutCase.stored) storedAsExpected += 1;
        else checker.expect(false, `${cutCase.name} round ${round}: stored=${!cutCase.stored}`);
        // The client resolves by sending the same key again, to the other instance.
        let retry = await putWeight({ client: person, url: direct, date: write.date, weightKg: write.weight, key: write.key });
        // 409: the cut instance still holds the claim (it frees it once its save has settled); retry as told.
        for (let tries = 0; retry.status === 409 && tries < 30; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, Number(retry.retryAfter ?? "1") * 1000));
          retry = await putWeight({ client: person, url: direct, date: write.date, weightKg: write.weight, key: write.key });
        }
        const expectedReplay = cutCase.stored;
        if ((retry.status === 200 || retry.status === 201) && retry.replayed === expectedReplay) resolvedOnce += 1;
        else checker.expect(false, `${cutCase.name} round ${round}: the retry answered ${retry.status} replayed=${retry.replayed}`);
        if (retry.status === 200 || retry.status === 201) acknowledged.add(write.key);
      }
      figures[cutCase.name] = `${classified}/${options.rounds} classified, ${storedAsExpected} stored as expected, ${resolvedOnce} resolved`;
    }
    const stored = await readStoredWrites({ url: instances.cluster.url });
    const check = checkKeyedWrites({ attempted: writes, acknowledged, measurements: stored.measurements, records: stored.records });
    checker.expect(isCleanCheck(check), `keyed writes: ${JSON.stringify(check)}`);
    return {
      name: "scale-out-commit-cuts",
      passed: checker.failures.length === 0,
      figures: {
        ...Object.fromEntries(Object.entries(figures).map(([name, text]) => [name, text.replaceAll(" ", "_")])),
        duplicated: check.duplicated,
        lost: check.lost,
      },
      failures: checker.failures,
      durationMs: performance.now() - started,
    };
  } finally {
    await instances.stop();
    await proxy.close();
  }
}
