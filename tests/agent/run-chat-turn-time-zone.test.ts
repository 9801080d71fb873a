// The chat's "today" is the person's: runChatTurn turns the browser's (or API client's) IANA zone into the Coach's
// today, so a morning weigh-in in Auckland is not refused as "in the future" while the server's UTC date is yesterday.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { runChatTurn } from "@/lib/chat/run-chat-turn";
import { resetEnvForTests } from "@/lib/env";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";
import { pinServerTimeZone } from "../support/pin-server-time-zone";

/** 09:00 on 30 November in Auckland (UTC+13, daylight time): still 29 November on a UTC server. */
const AUCKLAND_MORNING = new Date("2026-11-29T20:00:00Z");

let database: TestDatabase;
let userId: string;

// The server's own zone decides the fall-back date; pinned so the expected dates hold on every machine.
pinServerTimeZone("UTC");
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(AUCKLAND_MORNING);
  database = createTestDatabase();
  userId = await createTestUser(database.store);
  setStore(database.store);
  resetEnvForTests();
});
afterEach(() => {
  vi.useRealTimers();
  setStore(undefined);
  database.close();
});

async function chat(message: string, timeZone?: string) {
  const turn = await runChatTurn({ userId, message, locale: "en", timeZone });
  if (!turn.ok) throw new Error("rate limited");
  return turn.result;
}

/** The stored outcome JSON the model received for the turn's first call, read back through the port. */
async function firstOutcome(result: Awaited<ReturnType<typeof chat>>): Promise<unknown> {
  const { toolCalls } = await database.store.conversations.history({ conversationId: result.conversationId });
  const stored = toolCalls.find((call) => call.id === result.toolCalls[0]?.id);
  return JSON.parse(stored?.outcome ?? "null");
}

/** The stored measurements' dates and weights, read through the port. */
async function storedWeights(): Promise<Array<{ date: string; weight: number | null }>> {
  return (await database.store.measurements.listAll({ userId })).map((row) => ({ date: row.date, weight: row.weightKg }));
}

const callsOf = (result: Awaited<ReturnType<typeof chat>>) =>
  result.toolCalls.map((call) => [call.name, JSON.parse(call.arguments).date, call.error ?? call.status]);

describe("runChatTurn with the person's time zone", () => {
  it("saves an Auckland user's today while the server's UTC date is still yesterday", async () => {
    const result = await chat("Save weight 77.9 kg for 2026-11-30", "Pacific/Auckland");
    expect(callsOf(result)).toEqual([["save_measurement", "2026-11-30", "ok"]]);
    expect(await storedWeights()).toEqual([{ date: "2026-11-30", weight: 77.9 }]);
  });

  it("still refuses a date after the Auckland user's today as future_date", async () => {
    const result = await chat("Save weight 77.9 kg for 2026-12-01", "Pacific/Auckland");
    expect(callsOf(result)).toEqual([["save_measurement", "2026-12-01", "bad_arguments"]]);
    expect(await firstOutcome(result)).toMatchObject({
      error: "bad_arguments",
      recovery: "correct_arguments",
      message: "date cannot be in the future. Received '2026-12-01'; today is 2026-11-30. Send 2026-11-30 or an earlier date.",
      details: { argument: "date", received: "2026-12-01", today: "2026-11-30" },
    });
    expect(await storedWeights()).toEqual([]);
  });

  it("names the person's date as today to the Coach: 'today' reads 30 November in Auckland", async () => {
    const result = await chat("What did I weigh today?", "Pacific/Auckland");
    expect(callsOf(result)).toEqual([["read_measurement", "2026-11-30", "not_found"]]);
  });

  it.each([
    ["no zone", undefined],
    ["an unknown zone", "Mars/Olympus_Mons"],
    ["an empty zone", ""],
  ])("keeps the server's date with %s: the same save is refused as future_date, and the turn still runs", async (_case, timeZone) => {
    const result = await chat("Save weight 77.9 kg for 2026-11-30", timeZone);
    expect(result.outcome).toBe("answered");
    expect(callsOf(result)).toEqual([["save_measurement", "2026-11-30", "bad_arguments"]]);
    expect(await firstOutcome(result)).toMatchObject({ error: "bad_arguments", details: { argument: "date", received: "2026-11-30", today: "2026-11-29" } });
    expect(await storedWeights()).toEqual([]);
  });
});
