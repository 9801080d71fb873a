// The scripted conversation both harnesses run: read (not found), read (found), save, answer. Four model responses,
// three tool rounds, the same for Palestra's runTurn and the AI SDK's generateText.
import "server-only";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { addDays } from "@/lib/measurements/dates";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { createTestUser } from "@/tests/support/create-test-user";

export const HARNESS_TODAY = "2026-11-30";
export const HARNESS_MESSAGE = "What did I weigh on 2 January 2020? If there is nothing, try the 1st. Then save 77.4 kg for today's entry.";
const MISSING_DATE = "2020-01-02";
const PRESENT_DATE = "2020-01-01";
const FIRST_SAVE_DATE = "2000-01-01";
/** Save dates cycle within the past so every turn writes a valid, non-future date. */
const SAVE_DATE_CYCLE = 9_000;

export type HarnessToolCall = { callId: string; name: string; arguments: string };
export type HarnessStep = { toolCall: HarnessToolCall } | { text: string };

/** The four model responses of turn number `turnIndex` (each turn saves a new date, so each save inserts a row). */
export function createHarnessSteps(turnIndex: number): HarnessStep[] {
  const saveDate = addDays(FIRST_SAVE_DATE, turnIndex % SAVE_DATE_CYCLE);
  return [
    { toolCall: { callId: "call_read_1", name: "read_measurement", arguments: JSON.stringify({ date: MISSING_DATE }) } },
    { toolCall: { callId: "call_read_2", name: "read_measurement", arguments: JSON.stringify({ date: PRESENT_DATE }) } },
    { toolCall: { callId: "call_save_1", name: "save_measurement", arguments: JSON.stringify({ date: saveDate, values: { weight_kg: 77.4 } }) } },
    { text: `There is no record on 2 January 2020. On 1 January 2020 you weighed 76 kg. I saved 77.4 kg for ${saveDate}.` },
  ];
}

/** A user with the record the second read finds, in a freshly opened database. */
export async function seedHarnessUser(handle: DatabaseHandle): Promise<string> {
  const store = createSqliteStore(handle);
  const userId = await createTestUser(store, { name: "Bench User" });
  await saveMeasurement({
    store,
    userId,
    idempotencyKey: "bench-seed",
    input: { date: PRESENT_DATE, values: { weight_kg: 76 } },
    traceId: "bench",
    locale: "en",
  });
  return userId;
}
