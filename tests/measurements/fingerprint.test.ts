import crypto from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fingerprintOf } from "@/lib/measurements/fingerprint";

// The fingerprints already stored under keys were computed this way: a sorted copy of the payload, then JSON, then
// SHA-256. A key sent again after an upgrade must still match, so every payload must keep its fingerprint.
function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalize);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonicalize((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const storedFingerprintOf = (operation: string, payload: unknown) =>
  crypto
    .createHash("sha256")
    .update(JSON.stringify([operation, canonicalize(payload)]))
    .digest("hex");

describe("fingerprintOf", () => {
  it("keeps the fingerprint a save's payload was stored with", () => {
    const payload = { date: "2026-01-02", values: { weight_kg: 77.4, waist_cm: 80 }, note: null, replace: false, clear: undefined, units: { weight: "lb" } };
    expect(fingerprintOf("save_measurement", payload)).toBe(storedFingerprintOf("save_measurement", payload));
    expect(fingerprintOf("save_measurement", payload)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("does not depend on the order of keys, and tells payloads apart", () => {
    expect(fingerprintOf("op", { a: 1, b: { c: 2, d: [3] } })).toBe(fingerprintOf("op", { b: { d: [3], c: 2 }, a: 1 }));
    expect(fingerprintOf("op", { a: 1 })).not.toBe(fingerprintOf("op", { a: 2 }));
    expect(fingerprintOf("op", { a: 1 })).not.toBe(fingerprintOf("other", { a: 1 }));
  });

  it("gives every JSON payload, with undefined members, index-like keys and holes, its stored fingerprint", () => {
    const key = fc.oneof(fc.string(), fc.constantFrom("0", "1", "2", "10", "01", "-1", "4294967294", "4294967295", "1.5"));
    const leaf = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.double(), fc.date({ noInvalidDate: true }));
    const payload = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small" }, leaf, tie("object"), tie("array")),
      object: fc.dictionary(key, tie("value"), { maxKeys: 6 }),
      array: fc.oneof(fc.array(tie("value"), { maxLength: 5 }), fc.sparseArray(tie("value"), { maxLength: 5 })),
    })).value;
    fc.assert(
      fc.property(fc.string(), payload, (operation, value) => {
        expect(fingerprintOf(operation, value)).toBe(storedFingerprintOf(operation, value));
      }),
      { numRuns: 2_000 },
    );
  });
});
