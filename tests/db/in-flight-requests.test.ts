import { describe, expect, it } from "vitest";
import { InFlightRequests } from "@/db/sqlite/in-flight-requests";

describe("InFlightRequests", () => {
  it("refuses a second claim of the same user and key until the first is released", () => {
    const requests = new InFlightRequests();
    const release = requests.claim("user-1", "key-1");
    expect(release).not.toBeNull();
    expect(requests.claim("user-1", "key-1")).toBeNull();
    release?.();
    expect(requests.claim("user-1", "key-1")).not.toBeNull();
  });

  it("scopes keys per user, and does not confuse keys that join to the same text", () => {
    const requests = new InFlightRequests();
    expect(requests.claim("user-1", "key-1")).not.toBeNull();
    expect(requests.claim("user-2", "key-1")).not.toBeNull();
    expect(requests.claim("user", "-1key-1")).not.toBeNull();
    expect(requests.size).toBe(3);
  });

  it("ignores a repeated release, which must not free a later claim of the same key", () => {
    const requests = new InFlightRequests();
    const first = requests.claim("user-1", "key-1");
    first?.();
    const second = requests.claim("user-1", "key-1");
    first?.();
    expect(second).not.toBeNull();
    expect(requests.claim("user-1", "key-1")).toBeNull();
  });
});
