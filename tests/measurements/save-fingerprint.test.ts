import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { measurementFields } from "@/lib/measurements/fields";
import { fingerprintOf } from "@/lib/measurements/fingerprint";
import { SAVE_OPERATION, saveFingerprintOf, savePayloadOf } from "@/lib/measurements/save-fingerprint";
import type { SaveMeasurementToolInput } from "@/lib/measurements/save-measurement-tool-input";

// A key sent again must meet the fingerprint stored with it: the save's one-pass fingerprint is the generic one of its
// payload for every input, the shapes validation lets through and the ones it does not.
const genericOf = (input: SaveMeasurementToolInput, clearFields?: readonly (typeof measurementFields)[number][]) =>
  fingerprintOf(SAVE_OPERATION, savePayloadOf(input, clearFields));

const field = fc.constantFrom(...measurementFields);
const value = fc.oneof(fc.double({ noNaN: true }), fc.integer(), fc.constant(undefined));
const values = fc.dictionary(field, value, { maxKeys: measurementFields.length });
const converted = fc.dictionary(field, fc.record({ from: fc.double({ noNaN: true }), unit: fc.constantFrom("lb" as const, "in" as const) }), {
  maxKeys: 3,
});
const input = fc.record(
  {
    date: fc.oneof(fc.string(), fc.constant("2026-03-04")),
    values,
    note: fc.oneof(fc.string(), fc.constant(undefined)),
    replace: fc.oneof(fc.boolean(), fc.constant(undefined)),
    units: fc.oneof(
      fc.constant(undefined),
      fc.record({ mass: fc.constantFrom("kg" as const, "lb" as const), length: fc.constantFrom("cm" as const, "in" as const) }, { requiredKeys: [] }),
    ),
    converted: fc.oneof(fc.constant(undefined), converted),
  },
  { requiredKeys: ["date", "values"] },
) as fc.Arbitrary<SaveMeasurementToolInput>;

describe("saveFingerprintOf", () => {
  it("is the generic fingerprint of the save's payload for every input", () => {
    fc.assert(
      fc.property(input, fc.oneof(fc.constant(undefined), fc.array(field, { maxLength: 4 })), (save, clearFields) => {
        expect(saveFingerprintOf(save, clearFields)).toBe(genericOf(save, clearFields));
      }),
      { numRuns: 3_000 },
    );
  });

  it("falls back to the generic form for values it does not know, and still tells payloads apart", () => {
    const unknownKey = { date: "2026-03-04", values: { weight_kg: 77.4, weight: 77.4 } } as unknown as SaveMeasurementToolInput;
    expect(saveFingerprintOf(unknownKey)).toBe(genericOf(unknownKey));
    const known = { date: "2026-03-04", values: { weight_kg: 77.4 } };
    expect(saveFingerprintOf(known)).not.toBe(saveFingerprintOf(unknownKey));
    expect(saveFingerprintOf(known)).not.toBe(saveFingerprintOf({ ...known, replace: true }));
    expect(saveFingerprintOf(known)).not.toBe(saveFingerprintOf(known, ["waist_cm"]));
  });
});
