// The store contract for goals and set_goal's idempotent write, on every adapter: one target per (user, field), the
// change and the key's outcome committed together, a completed key reported as raced, a failure inside the
// transaction leaving neither, and the turn's rows written in the same transaction.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GoalRow, IdempotentGoalRequest } from "@/lib/store/goal-store";
import { at } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

describe.each(storeAdapters)("the $name store: goals and their idempotent write", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
    await opened.createUser("u2");
  });
  afterEach(() => opened.close());

  function setGoal(options: { userId?: string; key: string; field?: string; target: number | null } & Partial<IdempotentGoalRequest<number | null>>) {
    const { userId = "u1", key, field = "weight_kg", target, ...rest } = options;
    return opened.store.goals.setIdempotent({
      userId,
      key,
      operation: "set_goal",
      fingerprint: `fp-${target}`,
      field,
      decide: (stored: GoalRow | undefined) => ({
        change: target === null ? (stored ? { kind: "remove" } : { kind: "none" }) : { kind: "set", target, at: at(10) },
        outcome: { isError: false, content: JSON.stringify({ field, target }) },
        value: stored?.target ?? null,
      }),
      ...rest,
    });
  }

  it("stores one target per user and field, replaces it, and removes it", async () => {
    expect(await setGoal({ key: "k1", target: 72 })).toEqual({ status: "committed", value: null });
    expect(await setGoal({ key: "k2", target: 70 })).toEqual({ status: "committed", value: 72 });
    await setGoal({ key: "k3", field: "waist_cm", target: 80 });
    await setGoal({ userId: "u2", key: "k1", target: 90 });
    expect((await opened.store.goals.list({ userId: "u1" })).map((row) => [row.field, row.target])).toEqual([
      ["waist_cm", 80],
      ["weight_kg", 70],
    ]);
    expect(await setGoal({ key: "k4", target: null })).toEqual({ status: "committed", value: 70 });
    expect(await opened.store.goals.find({ userId: "u1", field: "weight_kg" })).toBeUndefined();
    expect(await opened.store.goals.find({ userId: "u2", field: "weight_kg" })).toMatchObject({ target: 90 });
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toMatchObject({
      operation: "set_goal",
      outcome: '{"field":"weight_kg","target":72}',
    });
  });

  it("reports a key completed before its transaction as raced, changing nothing", async () => {
    await setGoal({ key: "k1", target: 72 });
    const again = await setGoal({ key: "k1", target: 60 });
    expect(again).toMatchObject({ status: "raced", record: { key: "k1", fingerprint: "fp-72" } });
    expect(await opened.store.goals.find({ userId: "u1", field: "weight_kg" })).toMatchObject({ target: 72 });
  });

  it("writes neither the goal nor the key when the transaction fails inside", async () => {
    const result = await setGoal({
      key: "k1",
      target: 72,
      insideTransaction: () => {
        throw new Error("injected");
      },
    });
    expect(result).toMatchObject({ status: "failed", phase: "body" });
    expect(await opened.store.goals.find({ userId: "u1", field: "weight_kg" })).toBeUndefined();
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
  });

  it("reports an error after COMMIT as uncertain, with the goal and the key stored", async () => {
    const result = await setGoal({
      key: "k1",
      target: 72,
      afterCommit: () => {
        throw new Error("acknowledgement lost");
      },
    });
    expect(result).toMatchObject({ status: "uncertain", phase: "after_commit" });
    expect(await opened.store.goals.find({ userId: "u1", field: "weight_kg" })).toMatchObject({ target: 72 });
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toBeDefined();
  });
});
