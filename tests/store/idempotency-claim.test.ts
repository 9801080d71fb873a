// The store contract for the in-flight claim of an Idempotency-Key, written against the port only.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { at, weight } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

describe.each(storeAdapters)("the $name store: idempotency claims", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
    await opened.createUser("u2");
  });
  afterEach(() => opened.close());

  const claim = (userId: string, key: string) => opened.store.idempotency.claim({ userId, key, holdMs: 10_000 });

  it("answers in_flight with a retry of a second while the key is held, and frees it on release", async () => {
    const first = await claim("u1", "k1");
    expect(first.status).toBe("claimed");
    expect(await claim("u1", "k1")).toEqual({ status: "in_flight", retryAfterSeconds: 1 });
    // Keys are per user.
    expect((await claim("u2", "k1")).status).toBe("claimed");
    if (first.status === "claimed") await first.release();
    expect((await claim("u1", "k1")).status).toBe("claimed");
  });

  it("is not a completed record while held: find answers nothing, and a save under the claimed key commits", async () => {
    const held = await claim("u1", "k1");
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
    const saved = await opened.store.measurements.saveIdempotent({
      userId: "u1",
      key: "k1",
      operation: "save_measurement",
      fingerprint: "fp",
      date: "2026-03-04",
      decide: () => ({
        change: { kind: "insert", values: weight(70), note: null, at: at(1) },
        outcome: { isError: false, content: "saved" },
        value: "created",
      }),
    });
    expect(saved).toEqual({ status: "committed", value: "created" });
    if (held.status === "claimed") await held.release();
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toMatchObject({ key: "k1", outcome: "saved", isError: false });
  });
});
