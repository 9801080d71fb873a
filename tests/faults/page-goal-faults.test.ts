// The /measurements goal form's writes: set_goal's own idempotent write, under the user's QA storage faults. Each
// outcome reaches the form as the state it promises, a retry with the same key never writes twice, and a key sent with
// a different goal is refused with nothing changed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setPageGoal } from "@/app/measurements/set-page-goal";
import { armFault } from "@/lib/faults/manage-faults";
import type { ArmFaultInput } from "@/lib/faults/fault-modes";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import type { SetGoalInput } from "@/lib/measurements/set-goal-input";
import { createTestUser } from "@/tests/support/create-test-user";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
const userId = "user-a";

const arm = (input: ArmFaultInput) => armFault({ store: database.store, userId, input });

function set(options: { idempotencyKey?: string; input?: SetGoalInput; toolTimeoutMs?: number } = {}) {
  const { idempotencyKey = "key-1", input = { field: "weight_kg", target: 72.5 }, toolTimeoutMs = 5_000 } = options;
  return setPageGoal({
    scope: {
      store: database.store,
      userId,
      locale: "en",
      traceId: "trc_goal",
      faults: createStorageFaults({ store: database.store, userId, enabled: true }),
      toolTimeoutMs,
    },
    idempotencyKey,
    input,
  });
}

/** Every stored goal (the user's, checked to be all the rows there are) and every completed key with its operation. */
async function stored() {
  const goals = await database.store.goals.list({ userId });
  expect(await database.store.inspection.countRows({ table: "goal" })).toBe(goals.length);
  return {
    goals: goals.map((row) => ({ field: row.field, target: row.target })),
    keys: (await database.store.inspection.idempotencyRecords()).map((row) => [row.key, row.operation]),
  };
}

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    await createTestUser(database.store, { id: userId });
  });
  afterEach(() => database.close());

  describe("the goal form's write", () => {
    it("sets, changes and removes a goal, each under its own key, saying what it was before", async () => {
      expect(await set()).toEqual({ status: "saved", field: "weight_kg", target: 72.5, previous: null });
      expect(await set({ idempotencyKey: "key-2", input: { field: "weight_kg", target: 70 } })).toEqual({
        status: "saved",
        field: "weight_kg",
        target: 70,
        previous: 72.5,
      });
      expect((await stored()).goals).toEqual([{ field: "weight_kg", target: 70 }]);
      expect(await set({ idempotencyKey: "key-3", input: { field: "weight_kg", target: null } })).toEqual({
        status: "saved",
        field: "weight_kg",
        target: null,
        previous: 70,
      });
      expect(await stored()).toEqual({
        goals: [],
        keys: [
          ["key-1", "set_goal"],
          ["key-2", "set_goal"],
          ["key-3", "set_goal"],
        ],
      });
    });

    it("replays a double submit under the same key: one write, the same answer", async () => {
      const first = await set();
      expect(await set()).toEqual(first);
      expect(await stored()).toEqual({ goals: [{ field: "weight_kg", target: 72.5 }], keys: [["key-1", "set_goal"]] });
    });

    it("refuses a key sent again with another goal (idempotency_key_reused) and spends the key, changing nothing", async () => {
      await set();
      expect(await set({ input: { field: "weight_kg", target: 60 } })).toEqual({
        status: "failed",
        field: "weight_kg",
        code: "idempotency_key_reused",
        keepKey: false,
      });
      expect((await stored()).goals).toEqual([{ field: "weight_kg", target: 72.5 }]);
    });

    it("fail_before_commit: write_failed, the key is kept, nothing is stored; the retry then saves once", async () => {
      await arm({ target: "write", mode: "fail_before_commit", count: 1 });
      expect(await set()).toEqual({ status: "failed", field: "weight_kg", code: "write_failed", keepKey: true });
      expect(await stored()).toEqual({ goals: [], keys: [] });
      expect(await set()).toEqual({ status: "saved", field: "weight_kg", target: 72.5, previous: null });
      expect((await stored()).goals).toEqual([{ field: "weight_kg", target: 72.5 }]);
    });

    it("lost_ack: outcome_unknown although the goal IS stored; the retry with the key replays it, no second write", async () => {
      await arm({ target: "write", mode: "lost_ack", count: 1 });
      expect(await set()).toEqual({ status: "failed", field: "weight_kg", code: "outcome_unknown", keepKey: true });
      expect(await stored()).toEqual({ goals: [{ field: "weight_kg", target: 72.5 }], keys: [["key-1", "set_goal"]] });
      expect(await set()).toEqual({ status: "saved", field: "weight_kg", target: 72.5, previous: null });
      expect((await stored()).keys).toEqual([["key-1", "set_goal"]]);
    });

    it("timeout: past the deadline outcome_unknown, the key kept; the retry with it saves once", async () => {
      await arm({ target: "write", mode: "timeout", count: 1 });
      expect(await set({ toolTimeoutMs: 50 })).toEqual({ status: "failed", field: "weight_kg", code: "outcome_unknown", keepKey: true });
      expect(await set()).toEqual({ status: "saved", field: "weight_kg", target: 72.5, previous: null });
      expect(await stored()).toEqual({ goals: [{ field: "weight_kg", target: 72.5 }], keys: [["key-1", "set_goal"]] });
    });
  });
});
