// get_trend through the dispatcher: the contract's codes for a bad field and a bad window (handler never run), no
// records as an answer, QA storage faults as unavailable after the read retries, and the person's units.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dispatchToolCall, type DispatchContext } from "@/lib/agent/dispatch-tool-call";
import { toolsByName } from "@/lib/agent/tools/index";
import { armFault } from "@/lib/faults/manage-faults";
import { createStorageFaults, noStorageFaults } from "@/lib/faults/storage-faults";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { ToolError } from "@/lib/outcome/tool-outcome";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;

beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

const dispatch = (args: unknown, overrides: Partial<DispatchContext> = {}) =>
  dispatchToolCall({
    name: "get_trend",
    argumentsText: JSON.stringify(args),
    registry: toolsByName,
    timeoutMs: 1_000,
    context: { store: database.store, userId, traceId: "trc_test", locale: "en", today: "2026-11-30", faults: noStorageFaults, ...overrides },
  });

async function seed(records: Array<[string, number]>) {
  for (const [date, weight_kg] of records) {
    await saveMeasurement({
      store: database.store,
      userId,
      idempotencyKey: `seed-${date}`,
      input: { date, values: { weight_kg } },
      traceId: "trc_seed",
      locale: "en",
    });
  }
}

describe("get_trend's arguments", () => {
  it.each([
    [
      "an unknown field",
      { field: "weight" },
      "field must be one measurement field. Received 'weight'. Valid fields: weight_kg, body_fat_pct, neck_cm, chest_cm, waist_cm, hips_cm, biceps_cm, quadriceps_cm, calf_cm, height_cm. Example: \"weight_kg\".",
      { argument: "field", received: "weight" },
    ],
    [
      "a window under 14 days",
      { field: "weight_kg", days: 13 },
      "days must be a whole number of days from 14 to 180. Received '13'. Send 28.",
      { argument: "days", received: "13", min: 14, max: 180, example: 28 },
    ],
    ["a window over 180 days", { field: "weight_kg", days: 181 }, "Received '181'", { argument: "days", min: 14, max: 180 }],
    ["a fractional window", { field: "weight_kg", days: 20.5 }, "Received '20.5'", { argument: "days" }],
    ["a window in words", { field: "weight_kg", days: "a month" }, "Received 'a month'", { argument: "days" }],
    ["an unknown argument", { field: "weight_kg", from: "2026-01-01" }, "Unknown argument 'from'. Valid arguments: field, days.", { unknown: ["from"] }],
  ])("refuses %s with bad_arguments, without reading", async (_name, args, message, details) => {
    const result = await dispatch(args);
    expect(result.handlerRan).toBe(false);
    expect(result.attempts).toBe(0);
    const content = result.outcome.content as ToolError;
    expect(content).toMatchObject({
      kind: "tool_error",
      is_error: true,
      error: "bad_arguments",
      recovery: "correct_arguments",
      recoverable: true,
      trace_id: "trc_test",
    });
    expect(content.message).toContain(message);
    expect(content.details).toMatchObject(details);
  });
});

describe("get_trend's answers", () => {
  it("answers a field without records with records 0 and enough_data false, never not_found", async () => {
    const result = await dispatch({ field: "waist_cm" });
    expect(result.outcome).toEqual({
      isError: false,
      content: {
        field: "waist_cm",
        unit: "cm",
        records: 0,
        first_date: null,
        last_date: null,
        trend: [],
        latest_trend: null,
        rate_per_week: null,
        enough_data: false,
        window_days: 28,
        rate_records: 0,
        rate_span_days: 0,
        segment_start: null,
        goal: null,
        eta: null,
        eta_reason: null,
        rules: { rate_min_records: 5, rate_min_span_days: 10, segment_gap_days: 14 },
      },
    });
  });

  it("works the trend and rate out from the stored records, with display_values for an imperial preference", async () => {
    await seed([
      ["2026-11-01", 80],
      ["2026-11-04", 79.6],
      ["2026-11-08", 79.4],
      ["2026-11-12", 79],
      ["2026-11-16", 78.8],
    ]);
    const result = await dispatch({ field: "weight_kg", days: 30 }, { unitSystem: "imperial" });
    expect(result.outcome.isError).toBe(false);
    const content = result.outcome.content as Record<string, unknown>;
    expect(content).toMatchObject({
      records: 5,
      first_date: "2026-11-01",
      last_date: "2026-11-16",
      enough_data: true,
      window_days: 30,
      rate_records: 5,
      rate_span_days: 15,
    });
    expect(content.rate_per_week).toBeLessThan(0);
    expect(content.display_values).toMatchObject({ unit: "lb" });
  });
});

describe("get_trend under storage faults", () => {
  it("answers unavailable after 3 attempts, never records 0", async () => {
    await seed([["2026-11-01", 80]]);
    await armFault({ store: database.store, userId, input: { target: "read", mode: "unavailable" } });
    const result = await dispatch({ field: "weight_kg" }, { faults: createStorageFaults({ store: database.store, userId, enabled: true }) });
    expect(result.outcome.content).toEqual({
      kind: "tool_error",
      version: 1,
      is_error: true,
      error: "unavailable",
      message: "The measurements for weight_kg could not be read right now (3 attempts). Their content is unknown: this does not mean there is no record.",
      recovery: "choose_alternative",
      recoverable: true,
      details: { field: "weight_kg", attempts: 3 },
      trace_id: "trc_test",
    });
    expect(result.attempts).toBe(3);
  });
});
