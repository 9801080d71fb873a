// PUT /api/v1/goals/:field: the Idempotency-Key rules of a measurement PUT (required, replay byte for byte, reused key
// refused), bad_arguments for a bad field or target, and the QA write faults answered write_failed / outcome_unknown.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { armFault } from "@/lib/faults/manage-faults";
import { putGoal } from "@/lib/http/put-goal";
import { setStore } from "@/lib/scope/get-store";
import { createTestUser } from "@/tests/support/create-test-user";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
const userId = "api-user";
let qaBefore: string | undefined;

const put = (body: unknown, options: { key?: string | null; field?: string } = {}) =>
  putGoal({
    user: { id: userId, units: "metric" },
    field: options.field ?? "weight_kg",
    idempotencyKey: options.key === undefined ? "goal-1" : options.key,
    body,
    locale: "en",
  });
/** Every stored goal: goalRows counts all users' rows, and goals() reads the user's, checking they are all of them. */
const goalRows = () => database.store.inspection.countRows({ table: "goal" });
async function goals() {
  const rows = await database.store.goals.list({ userId });
  expect(await goalRows()).toBe(rows.length);
  return rows;
}

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    await createTestUser(database.store, { id: userId });
    setStore(database.store);
    qaBefore = process.env.PALESTRA_QA;
    process.env.PALESTRA_QA = "1";
    resetEnvForTests();
  });
  afterEach(async () => {
    if (qaBefore === undefined) delete process.env.PALESTRA_QA;
    else process.env.PALESTRA_QA = qaBefore;
    resetEnvForTests();
    setStore(undefined);
    await database.close();
  });

  describe("PUT /api/v1/goals/:field", () => {
    it("stores the goal, and the same key and body replay the first answer with Idempotent-Replayed", async () => {
      const first = await put({ target: 72 });
      expect(first.status).toBe(200);
      const text = await first.text();
      expect(JSON.parse(text)).toEqual({ field: "weight_kg", target: 72, previous: null, idempotency_key: "goal-1" });
      const again = await put({ target: 72 });
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.text()).toBe(text);
      expect(await goalRows()).toBe(1);
    });

    it("answers 422 idempotency_key_reused for another body under the same key, changing nothing", async () => {
      await put({ target: 72 });
      const reused = await put({ target: 65 });
      expect(reused.status).toBe(422);
      expect(await reused.json()).toMatchObject({ type: "https://palestra.dev/problems/idempotency_key_reused" });
      expect(await goals()).toEqual([expect.objectContaining({ target: 72 })]);
    });

    it("requires the Idempotency-Key header", async () => {
      const response = await put({ target: 72 }, { key: null });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ type: "https://palestra.dev/problems/idempotency_key_required" });
    });

    it.each([
      ["an unknown field", { target: 72 }, "weight", { argument: "field", received: "weight" }],
      ["a target out of range", { target: 10 }, "weight_kg", { field: "weight_kg", min: 20, max: 400 }],
      ["a field in the body", { target: 72, field: "waist_cm" }, "weight_kg", { unknown: ["field"], valid_values: ["target", "units"] }],
    ])("answers 400 bad_arguments for %s, writing nothing", async (_name, body, field, details) => {
      const response = await put(body, { field });
      expect(response.status).toBe(400);
      const problem = await response.json();
      expect(problem).toMatchObject({ type: "https://palestra.dev/problems/bad_arguments" });
      expect(problem.errors[0]).toMatchObject(details);
      expect(await goalRows()).toBe(0);
      expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(0);
    });

    it.each([
      ["fail_before_commit", 503, "write_failed", 0],
      ["lost_ack", 500, "outcome_unknown", 1],
    ] as const)("answers a %s fault with %i %s; the same key afterwards resolves it without a second change", async (mode, status, slug, stored) => {
      await armFault({ store: database.store, userId, input: { target: "write", mode, count: 1 } });
      const response = await put({ target: 72 });
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ type: `https://palestra.dev/problems/${slug}`, field: "weight_kg" });
      expect(await goalRows()).toBe(stored);
      const retried = await put({ target: 72 });
      expect(retried.status).toBe(200);
      expect(retried.headers.get("idempotent-replayed")).toBe(mode === "lost_ack" ? "true" : null);
      expect(await goalRows()).toBe(1);
    });
  });
});
