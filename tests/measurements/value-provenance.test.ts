// Provenance per value through every write: the Coach's chat, MCP, the HTTP API and the form name their source and
// keep the number and unit as sent (pounds stay pounds); a value left unchanged keeps its own provenance; an emptied
// value loses it; the read tools return it, in the schema the API and MCP declare.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dispatchToolCall, type DispatchContext } from "@/lib/agent/dispatch-tool-call";
import { toolsByName } from "@/lib/agent/tools/index";
import { noStorageFaults } from "@/lib/faults/storage-faults";
import { measurementRecordSchema } from "@/lib/http/response-schemas";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;

beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

let keys = 0;
const dispatch = (name: string, args: unknown, overrides: Partial<DispatchContext> = {}) =>
  dispatchToolCall({
    name,
    argumentsText: JSON.stringify(args),
    registry: toolsByName,
    timeoutMs: 1_000,
    context: {
      store: database.store,
      userId,
      traceId: "trc_test",
      locale: "en",
      today: "2026-11-30",
      faults: noStorageFaults,
      idempotencyKey: `key-${(keys += 1)}`,
      ...overrides,
    },
  });
const read = async (date: string) => (await dispatch("read_measurement", { date }, { idempotencyKey: undefined })).outcome;

describe("provenance per value", () => {
  it("records a chat save in pounds as the pounds sent, and read_measurement returns it in the declared schema", async () => {
    await dispatch("save_measurement", { date: "2026-11-02", values: { weight_kg: 176.4, waist_cm: 80 }, units: { mass: "lb" } });
    const outcome = await read("2026-11-02");
    expect(outcome.isError).toBe(false);
    const record = outcome.content as Record<string, unknown>;
    expect(record.values).toEqual({ weight_kg: 80, waist_cm: 80 });
    expect(record.provenance).toEqual({
      weight_kg: { source: "chat", original_value: 176.4, original_unit: "lb", derived: false },
      waist_cm: { source: "chat", original_value: 80, original_unit: "cm", derived: false },
    });
    expect(measurementRecordSchema.safeParse(record).success).toBe(true);
  });

  it("names MCP as the source of an MCP save, and list_measurements returns the provenance of each record", async () => {
    await dispatch("save_measurement", { date: "2026-11-03", values: { weight_kg: 80.1 } }, { surface: "mcp" });
    const listed = await dispatch("list_measurements", { from: "2026-11-01", to: "2026-11-30" }, { idempotencyKey: undefined });
    expect((listed.outcome.content as { records: Array<{ provenance: unknown }> }).records.map((record) => record.provenance)).toEqual([
      { weight_kg: { source: "mcp", original_value: 80.1, original_unit: "kg", derived: false } },
    ]);
  });

  it("keeps an unchanged value's provenance, replaces a changed one's, and drops an emptied one's", async () => {
    const save = (input: Parameters<typeof saveMeasurement>[0]["input"], source: "form" | "api", clearFields?: Array<"waist_cm">) =>
      saveMeasurement({ store: database.store, userId, idempotencyKey: `key-${(keys += 1)}`, input, source, clearFields, traceId: "t", locale: "en" });
    await save({ date: "2026-11-04", values: { weight_kg: 80, waist_cm: 81 } }, "api");
    // The same weight again and a new chest: the weight is still the API's.
    await save({ date: "2026-11-04", values: { weight_kg: 80, chest_cm: 100 } }, "form");
    expect((await read("2026-11-04")).content).toMatchObject({
      provenance: {
        weight_kg: { source: "api", original_value: 80 },
        waist_cm: { source: "api" },
        chest_cm: { source: "form", original_value: 100, original_unit: "cm" },
      },
    });
    await save({ date: "2026-11-04", values: { weight_kg: 79.5 }, replace: true }, "form", ["waist_cm"]);
    const { provenance } = (await read("2026-11-04")).content as { provenance: Record<string, { source: string }> };
    expect(Object.keys(provenance).sort()).toEqual(["chest_cm", "weight_kg"]);
    expect(provenance.weight_kg?.source).toBe("form");
  });

  it("returns an empty provenance for a record written before provenance was kept", async () => {
    database.sqlite.prepare("INSERT INTO measurement (user_id, date, weight_kg, created_at, updated_at) VALUES (?, '2026-11-05', 80, 0, 0)").run(userId);
    expect((await read("2026-11-05")).content).toMatchObject({ values: { weight_kg: 80 }, provenance: {} });
  });
});
