import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consumeQuota } from "@/lib/rate-limit/consume-quota";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";

let database: TestDatabase;
beforeEach(() => (database = createTestDatabase()));
afterEach(() => database.close());

describe("consumeQuota", () => {
  it("allows the limit within a window, refuses the next with the seconds left, and resets in the next window", () => {
    const options = { db: database.db, key: "chat:u1", limit: 3, windowMs: 60_000 };
    const start = 1_800_000_000_000;
    expect([1, 2, 3].map((n) => consumeQuota({ ...options, now: start + n }).allowed)).toEqual([true, true, true]);
    expect(consumeQuota({ ...options, now: start + 20_000 })).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(consumeQuota({ ...options, now: start + 60_000 })).toEqual({ allowed: true, remaining: 2 });
  });

  it("counts keys apart", () => {
    const now = 1_800_000_000_000;
    consumeQuota({ db: database.db, key: "a", limit: 1, windowMs: 60_000, now });
    expect(consumeQuota({ db: database.db, key: "b", limit: 1, windowMs: 60_000, now }).allowed).toBe(true);
    expect(consumeQuota({ db: database.db, key: "a", limit: 1, windowMs: 60_000, now }).allowed).toBe(false);
  });
});
