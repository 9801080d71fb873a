// Replays and reused keys of the keyed writes (save_measurement, set_goal) on every adapter: whether the key is looked
// up before the transaction (any store with QA faults on) or only inside it (SQLite and PostgreSQL without), a completed key
// replays its outcome byte for byte without running the change again, and other arguments under it are refused.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { armFault, listFaults } from "@/lib/faults/manage-faults";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { setGoal } from "@/lib/measurements/set-goal";
import type { SaveMeasurementToolInput } from "@/lib/measurements/save-measurement-tool-input";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

describe.each(storeAdapters)("keyed writes on the $name store", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
  });
  afterEach(() => opened.close());

  const save = (key: string, input: SaveMeasurementToolInput, qa = false) =>
    saveMeasurement({
      store: opened.store,
      userId: "u1",
      idempotencyKey: key,
      input,
      traceId: "trc_replay",
      locale: "en",
      faults: createStorageFaults({ store: opened.store, userId: "u1", enabled: qa }),
    });
  const storedWeight = async (date: string) => (await opened.store.measurements.findByDate({ userId: "u1", date }))?.weightKg;

  it("replays a completed key's outcome byte for byte and never runs its change again", async () => {
    const first = await save("k1", { date: "2026-03-04", values: { weight_kg: 77.4 } });
    expect(first.status).toBe("executed");
    // Another key changes the date afterwards: a second run of k1's change would put 77.4 back, or answer a conflict.
    expect((await save("k2", { date: "2026-03-04", values: { weight_kg: 80 }, replace: true })).status).toBe("executed");
    const again = await save("k1", { date: "2026-03-04", values: { weight_kg: 77.4 } });
    expect(again).toMatchObject({ status: "replayed", serialized: first.serialized });
    expect(await storedWeight("2026-03-04")).toBe(80);
  });

  it("refuses a reused key with other arguments and changes nothing", async () => {
    await save("k1", { date: "2026-03-04", values: { weight_kg: 77.4 } });
    const reused = await save("k1", { date: "2026-03-05", values: { weight_kg: 78 } });
    expect(reused.status).toBe("key_reused");
    expect(reused.outcome).toMatchObject({ isError: true, content: { error: "idempotency_key_reused", details: { idempotency_key: "k1" } } });
    expect(await storedWeight("2026-03-05")).toBeUndefined();
    expect((await opened.store.inspection.idempotencyRecords()).map((record) => record.key)).toEqual(["k1"]);
  });

  it("replays and refuses set_goal's key the same way", async () => {
    const goal = (key: string, target: number) =>
      setGoal({ store: opened.store, userId: "u1", idempotencyKey: key, input: { field: "weight_kg", target }, traceId: "trc_replay", locale: "en" });
    const first = await goal("g1", 72);
    expect((await goal("g2", 70)).status).toBe("executed");
    expect(await goal("g1", 72)).toMatchObject({ status: "replayed", serialized: first.serialized });
    expect((await goal("g1", 65)).status).toBe("key_reused");
    expect((await opened.store.goals.find({ userId: "u1", field: "weight_kg" }))?.target).toBe(70);
  });

  it("with QA faults on, a replay neither consumes nor suffers an armed write fault", async () => {
    await save("k1", { date: "2026-03-04", values: { weight_kg: 77.4 } }, true);
    await armFault({ store: opened.store, userId: "u1", input: { target: "write", mode: "fail_before_commit", count: 1 } });
    expect((await save("k1", { date: "2026-03-04", values: { weight_kg: 77.4 } }, true)).status).toBe("replayed");
    expect(await listFaults({ store: opened.store, userId: "u1" })).toMatchObject([{ mode: "fail_before_commit", remaining: 1 }]);
    expect((await save("k2", { date: "2026-03-05", values: { weight_kg: 78 } }, true)).status).toBe("write_failed");
    expect(await storedWeight("2026-03-05")).toBeUndefined();
  });
});
