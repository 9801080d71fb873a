// save_measurement's optional units, through the dispatcher and the real tools.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dispatchToolCall, type DispatchContext } from "@/lib/agent/dispatch-tool-call";
import type { ToolError } from "@/lib/outcome/tool-outcome";
import { getToolDeclarations, toolsByName } from "@/lib/agent/tools/index";
import { noStorageFaults } from "@/lib/faults/storage-faults";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;
beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

async function dispatch(name: string, args: unknown, overrides: Partial<DispatchContext> = {}) {
  const context: DispatchContext = {
    store: database.store,
    userId,
    traceId: "trc_units",
    locale: "en",
    today: "2026-11-30",
    faults: noStorageFaults,
    ...overrides,
  };
  const result = await dispatchToolCall({ name, argumentsText: JSON.stringify(args), context, registry: toolsByName, timeoutMs: 1_000 });
  return { ...result, content: result.outcome.content as Record<string, unknown> };
}

const stored = async () => (await listAllMeasurements({ store: database.store, userId })).map((record) => ({ date: record.date, values: record.values }));

describe("save_measurement with units", () => {
  it("converts pounds and inches in the tool, stores metric, and reports the conversion", async () => {
    const result = await dispatch(
      "save_measurement",
      { date: "2026-11-20", values: { weight_kg: 170, waist_cm: 32, body_fat_pct: 18 }, units: { mass: "lb", length: "in" } },
      { idempotencyKey: "k1" },
    );
    expect(result.outcome.isError).toBe(false);
    expect(result.content).toEqual({
      date: "2026-11-20",
      values: { weight_kg: 77.1, body_fat_pct: 18, waist_cm: 81.3 },
      created: true,
      idempotency_key: "k1",
      converted: { weight_kg: { from: 170, unit: "lb" }, waist_cm: { from: 32, unit: "in" } },
    });
    expect(await stored()).toEqual([{ date: "2026-11-20", values: { weight_kg: 77.1, body_fat_pct: 18, waist_cm: 81.3 } }]);
  });

  it("adds no converted key when nothing was converted", async () => {
    const result = await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: 77.4 }, units: { mass: "kg" } }, { idempotencyKey: "k2" });
    expect(result.content).not.toHaveProperty("converted");
    expect(await stored()).toEqual([{ date: "2026-11-20", values: { weight_kg: 77.4 } }]);
  });

  it("checks the range after converting, and names the limits in the caller's unit", async () => {
    const negative = await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: -80 }, units: { mass: "lb" } }, { idempotencyKey: "k3" });
    const error = negative.content as ToolError;
    expect(error).toMatchObject({ error: "bad_arguments", details: { field: "weight_kg", received: "-80", min: 44, max: 881.9, unit: "lb" } });
    expect(error.message).toContain("weight_kg must be a number of pounds from 44 to 881.9");
    expect(error.message).toContain("Received '-80'");
    expect(negative.handlerRan).toBe(false);
    // 500 lb is 226.8 kg: valid, although 500 is above the kilogram limit.
    const heavy = await dispatch("save_measurement", { date: "2026-11-21", values: { weight_kg: 500 }, units: { mass: "lb" } }, { idempotencyKey: "k4" });
    expect(heavy.outcome.isError).toBe(false);
    expect(await stored()).toEqual([{ date: "2026-11-21", values: { weight_kg: 226.8 } }]);
  });

  it("refuses units it does not know, listing the valid ones", async () => {
    const result = await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: 12 }, units: { mass: "stone" } }, { idempotencyKey: "k5" });
    expect(result.content).toMatchObject({
      error: "bad_arguments",
      details: { argument: "units", valid_values: { mass: ["kg", "lb"], length: ["cm", "in"] } },
    });
    expect(await stored()).toEqual([]);
  });

  it("keeps the fingerprint of the request as sent: the same key with other units is idempotency_key_reused", async () => {
    const first = await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: 170 }, units: { mass: "lb" } }, { idempotencyKey: "same" });
    const replay = await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: 170 }, units: { mass: "lb" } }, { idempotencyKey: "same" });
    expect(replay.serialized).toBe(first.serialized);
    // 170.02 lb also converts to 77.1 kg, but it is not the request that was sent.
    const other = await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: 170.02 }, units: { mass: "lb" } }, { idempotencyKey: "same" });
    expect(other.content).toMatchObject({ error: "idempotency_key_reused" });
    const metric = await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: 77.1 } }, { idempotencyKey: "same" });
    expect(metric.content).toMatchObject({ error: "idempotency_key_reused" });
    // The same numbers without units are another request (170 kg).
    const withoutUnits = await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: 170 } }, { idempotencyKey: "same" });
    expect(withoutUnits.content).toMatchObject({ error: "idempotency_key_reused" });
  });

  it("is declared to every provider: units in the JSON Schema, no kilogram limits on the numbers sent", async () => {
    const save = getToolDeclarations().find((tool) => tool.name === "save_measurement");
    const parameters = save?.parameters as { properties: Record<string, { properties?: Record<string, unknown> }> };
    expect(parameters.properties.units?.properties).toEqual({
      mass: expect.objectContaining({ enum: ["kg", "lb"] }),
      length: expect.objectContaining({ enum: ["cm", "in"] }),
    });
    expect(parameters.properties.values?.properties?.weight_kg).toEqual({ type: "number" });
  });
});

describe("reads for an imperial preference", () => {
  it("add display_values in pounds and inches to read_measurement and to every listed record", async () => {
    await dispatch("save_measurement", { date: "2026-11-20", values: { weight_kg: 77.1, waist_cm: 82 } }, { idempotencyKey: "seed" });
    const read = await dispatch("read_measurement", { date: "2026-11-20" }, { unitSystem: "imperial" });
    expect(read.content).toMatchObject({ values: { weight_kg: 77.1, waist_cm: 82 }, display_values: { weight_lb: 170, waist_in: 32.3 } });
    const list = await dispatch("list_measurements", { from: "2026-11-01", to: "2026-11-30" }, { unitSystem: "imperial" });
    expect((list.content.records as unknown[])[0]).toMatchObject({ display_values: { weight_lb: 170, waist_in: 32.3 } });
    const metric = await dispatch("read_measurement", { date: "2026-11-20" }, { unitSystem: "metric" });
    expect(metric.content).not.toHaveProperty("display_values");
  });
});
