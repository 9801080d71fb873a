// The offline coach's utterance tables, run as real turns on a real database: for each row, the tool calls made (or
// none), the records stored afterwards, the key facts of the reply, that the reply is plain language, and that the
// harness's traceable-number check finds every number of it in the person's messages or the tool results.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locale";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { englishUtterances } from "./offline-coach/english-utterances";
import { portugueseUtterances } from "./offline-coach/portuguese-utterances";
import { expectPlainReply } from "./offline-coach/reply-checks";
import { spanishUtterances } from "./offline-coach/spanish-utterances";
import { runUtterance, type UtteranceCase } from "./offline-coach/utterance-case";

const tables: Array<[Locale, UtteranceCase[]]> = [
  ["en", englishUtterances],
  ["es", spanishUtterances],
  ["pt", portugueseUtterances],
];

let database: TestDatabase;
beforeAll(() => {
  database = createTestDatabase();
});
afterAll(() => database.close());

describe.each(tables)("the offline coach in %s", (locale, rows) => {
  it("has at least 50 rows", () => {
    expect(rows.length).toBeGreaterThanOrEqual(50);
  });

  it.each(rows.map((row, index) => [`${index + 1}. ${row.units === "imperial" ? "[imperial] " : ""}${row.say}`, row] as const))("%s", async (_name, row) => {
    const run = await runUtterance({ database, row, locale });
    const calls = run.result.toolCalls.map((call) => [call.name, JSON.parse(call.arguments) as Record<string, unknown>, call.error ?? "ok"]);
    expect(calls.map(([name, , code]) => [name, code])).toEqual(row.calls.map(([name, , code]) => [name, code]));
    row.calls.forEach(([, args], index) => args && expect(calls[index]?.[1]).toEqual(args));
    expect(run.stored).toEqual(row.stored ?? row.seed ?? {});
    for (const fact of row.reply) expect(run.result.reply).toEqual(typeof fact === "string" ? expect.stringContaining(fact) : expect.stringMatching(fact));
    for (const text of row.notInReply ?? []) expect(run.result.reply).not.toContain(text);
    expect(run.result.outcome).toBe("answered");
    expectPlainReply(run);
    // The harness's traceable-number check, run on every final answer, finds nothing to mark in the offline coach's.
    expect(run.result.untraceableNumbers, "the traceable-number check").toEqual([]);
  });
});
