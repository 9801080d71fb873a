import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consumeQuota } from "@/lib/rate-limit/consume-quota";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";

let database: TestDatabase;
beforeEach(() => (database = createTestDatabase()));
afterEach(() => database.close());

describe("consumeQuota", () => {
  it("allows the limit within a window, refuses the next with the seconds left, and resets in the next window", async () => {
    const options = { store: database.store, key: "chat:u1", limit: 3, windowMs: 60_000 };
    const start = 1_800_000_000_000;
    const decisions = [];
    for (const n of [1, 2, 3]) decisions.push((await consumeQuota({ ...options, now: start + n })).allowed);
    expect(decisions).toEqual([true, true, true]);
    expect(await consumeQuota({ ...options, now: start + 20_000 })).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await consumeQuota({ ...options, now: start + 60_000 })).toEqual({ allowed: true, remaining: 2 });
  });

  it("counts keys apart", async () => {
    const now = 1_800_000_000_000;
    await consumeQuota({ store: database.store, key: "a", limit: 1, windowMs: 60_000, now });
    expect((await consumeQuota({ store: database.store, key: "b", limit: 1, windowMs: 60_000, now })).allowed).toBe(true);
    expect((await consumeQuota({ store: database.store, key: "a", limit: 1, windowMs: 60_000, now })).allowed).toBe(false);
  });
});
