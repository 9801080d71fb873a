// For any generated save message: a save lands only on the date the message names (today when it names none), never
// on a date it cannot name for sure; and never with another sign or unit than the message's.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflineProvider } from "@/lib/agent/providers/offline/create-offline-provider";
import { runTurn } from "@/lib/agent/run-turn";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";
import { datePhrase, fieldWord, filler, PROPERTY_TODAY, writtenWeight, type DatePhrase, type WrittenWeight } from "./offline-coach/generated-messages";

let database: TestDatabase;
beforeAll(() => {
  database = createTestDatabase();
});
afterAll(() => database.close());

/** The date a save of this message may carry: the named day, or today when none is named; future days only as attempts. */
function allowedSaveDate(date: DatePhrase): string | undefined {
  if (date.meaning.kind === "day" || date.meaning.kind === "future") return date.meaning.iso;
  return date.meaning.kind === "none" ? PROPERTY_TODAY : undefined;
}

function expectSameSignAndUnit(args: Record<string, unknown>, weight: WrittenWeight): void {
  const values = args.values as Record<string, unknown>;
  expect(weight.unit).not.toBe("unknown");
  expect(values.weight_kg).toBe(weight.value);
  const units = (args.units ?? {}) as { mass?: string };
  expect(units.mass ?? "kg").toBe(weight.unit === "lb" ? "lb" : "kg");
}

describe("the offline coach's saves, for generated messages", () => {
  it("never saves on a date the message does not name, nor with another sign or unit", async () => {
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(datePhrase, fieldWord, writtenWeight, filler, fc.boolean(), async (date, field, weight, extra, dateFirst) => {
        const body = `${field} ${weight.text}`;
        const message = [extra, dateFirst ? date.text : "", body, dateFirst ? "" : date.text].filter(Boolean).join(" ");
        const userId = await createTestUser(database.store);
        const result = await runTurn({ store: database.store, userId, message, locale: "en", provider: createOfflineProvider(), today: PROPERTY_TODAY });
        const saves = result.toolCalls.filter((call) => call.name === "save_measurement").map((call) => JSON.parse(call.arguments) as Record<string, unknown>);
        const allowed = allowedSaveDate(date);
        for (const args of saves) {
          expect(allowed, `no save for "${message}"`).toBeDefined();
          expect(args.date, message).toBe(allowed);
          expectSameSignAndUnit(args, weight);
        }
        const stored = await listAllMeasurements({ store: database.store, userId });
        for (const record of stored) {
          expect(record.date <= PROPERTY_TODAY && record.date === allowed, message).toBe(true);
          const expected = weight.unit === "lb" ? Math.round(weight.value * 0.45359237 * 10) / 10 : weight.value;
          expect(record.values.weight_kg, message).toBe(expected);
        }
        saved += stored.length;
      }),
      { numRuns: 300 },
    );
    // Not vacuous: many of the generated messages name a usable date, a known unit and a valid value.
    expect(saved).toBeGreaterThan(20);
  });
});
