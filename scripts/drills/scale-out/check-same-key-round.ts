// The rule for one key sent to several instances at once: one execution, every other answer a replay of it or
// "still running" (409 with Retry-After), one change and one outcome stored, no claim left behind.
import type { PutAnswer } from "./http-client";

export type SameKeyRound = { answers: PutAnswer[]; rows: number; records: number; claims: number };

export function checkSameKeyRound(round: SameKeyRound): { executed: number; replayed: number; inFlight: number; problems: string[] } {
  const { answers } = round;
  const succeeded = answers.filter((answer) => answer.status === 200 || answer.status === 201);
  const executed = succeeded.filter((answer) => !answer.replayed).length;
  const replayed = succeeded.filter((answer) => answer.replayed).length;
  const inFlight = answers.filter(
    (answer) =>
      answer.status === 409 && answer.body.type !== undefined && String(answer.body.type).endsWith("idempotency_key_in_flight") && answer.retryAfter !== null,
  ).length;
  const problems: string[] = [];
  if (executed !== 1) problems.push(`${executed} executions`);
  if (executed + replayed + inFlight !== answers.length)
    problems.push(`answers ${answers.map((answer) => `${answer.status}${answer.replayed ? "r" : ""}`).join(",")}`);
  const bodies = new Set(succeeded.map((answer) => JSON.stringify(answer.body)));
  if (bodies.size > 1) problems.push(`${bodies.size} different outcomes`);
  if (round.rows !== 1 || round.records !== 1 || round.claims !== 0)
    problems.push(`${round.rows} rows, ${round.records} outcomes, ${round.claims} claims stored`);
  return { executed, replayed, inFlight, problems };
}

/** While the first request holds the key, every duplicate on another instance must hear "still running". */
export function checkHeldDuplicates(duplicates: { status: number; inFlight: boolean }[]): string[] {
  return duplicates
    .filter((duplicate) => !duplicate.inFlight)
    .map((duplicate) => `a duplicate got ${duplicate.status} instead of 409 idempotency_key_in_flight`);
}
