// GET /api/v1/trend through the Coach's dispatcher: the tool's content as the 200 body, the contract's codes as
// problems (bad field, bad window, unknown parameter, storage faults after the read retries) in the caller's language.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { armFault } from "@/lib/faults/manage-faults";
import { getTrendResponse } from "@/lib/http/get-trend-response";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { setStore } from "@/lib/scope/get-store";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

let database: TemporaryDatabase;
const userId = "api-user";
let qaBefore: string | undefined;

beforeEach(async () => {
  database = openTemporaryDatabase("palestra-trend-");
  await createTestUser(database.store, { id: userId });
  setStore(database.store);
  qaBefore = process.env.PALESTRA_QA;
  process.env.PALESTRA_QA = "1";
  resetEnvForTests();
});
afterEach(() => {
  if (qaBefore === undefined) delete process.env.PALESTRA_QA;
  else process.env.PALESTRA_QA = qaBefore;
  resetEnvForTests();
  setStore(undefined);
  database.remove();
});

const get = (query: string, options: { locale?: "en" | "es"; units?: "metric" | "imperial" } = {}) =>
  getTrendResponse({
    user: { id: userId, units: options.units ?? "metric" },
    locale: options.locale ?? "en",
    today: "2026-11-30",
    searchParams: new URLSearchParams(query),
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

describe("GET /api/v1/trend", () => {
  it("answers 200 with get_trend's content, display values in the person's units", async () => {
    await seed([
      ["2026-11-01", 80],
      ["2026-11-04", 79.6],
      ["2026-11-08", 79.4],
      ["2026-11-12", 79],
      ["2026-11-16", 78.8],
    ]);
    const response = await get("field=weight_kg&days=30", { units: "imperial" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ field: "weight_kg", unit: "kg", records: 5, window_days: 30, enough_data: true, goal: null, display_values: { unit: "lb" } });
    expect(body.trend).toHaveLength(5);
  });

  it("answers records 0 for a field without records, not 404", async () => {
    const response = await get("field=hips_cm");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ field: "hips_cm", records: 0, enough_data: false, latest_trend: null });
  });

  it.each([
    ["field=weight", { argument: "field", received: "weight" }],
    ["", { argument: "field", received: "(none)" }],
    ["field=weight_kg&days=7", { argument: "days", received: "7", min: 14, max: 180, example: 28 }],
    ["field=weight_kg&days=200", { argument: "days", received: "200" }],
    ["field=weight_kg&days=four", { argument: "days", received: "four" }],
    ["field=weight_kg&from=2026-01-01", { unknown: ["from"], valid_values: ["field", "days"] }],
  ])("answers 400 bad_arguments for %s", async (query, details) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const body = await response.json();
    expect(body).toMatchObject({ type: "https://palestra.dev/problems/bad_arguments", title: "Invalid arguments", status: 400 });
    expect(body.errors).toEqual([expect.objectContaining({ message: body.detail, ...details })]);
  });

  it("words the problem in the caller's language", async () => {
    const body = await (await get("field=weight_kg&days=7", { locale: "es" })).json();
    expect(body.detail).toBe("days debe ser un número entero de días entre 14 y 180. Recibido '7'. Envía 28.");
  });

  it("answers 503 unavailable with Retry-After when the person's QA read fault holds, never records 0", async () => {
    await seed([["2026-11-01", 80]]);
    await armFault({ store: database.store, userId, input: { target: "read", mode: "unavailable" } });
    const response = await get("field=weight_kg");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toMatchObject({
      type: "https://palestra.dev/problems/unavailable",
      detail: "The measurements for weight_kg could not be read right now (3 attempts). Their content is unknown: this does not mean there is no record.",
      field: "weight_kg",
      attempts: 3,
    });
  });
});
