// Fuzzing (short): generated invalid arguments are all refused with problems and no exception; hostile notes round-trip byte for byte.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listMeasurementsInputSchema, readMeasurementInputSchema, saveMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";
import { FUZZ_TODAY, hostileSaveArbitrary, invalidArgumentsTextArbitrary } from "@/scripts/drills/fuzz/arbitraries";
import { runArgumentFuzz, runHostileNoteFuzz } from "@/scripts/drills/fuzz/run-fuzz-drill";

describe("argument fuzzing", () => {
  it("refuses 1,000 generated invalid payloads per tool schema with problems and no exception", async () => {
    const report = await runArgumentFuzz({ payloadsPerTool: 1_000 });
    expect(report.failures).toEqual([]);
    expect(report.figures).toMatchObject({
      read_measurement_refused: "1000/1000",
      list_measurements_refused: "1000/1000",
      save_measurement_refused: "1000/1000",
      accepted: 0,
      uncaught_exceptions: 0,
    });
  }, 60_000);

  it("generates payloads that reach the cases it claims: 1e309, an own __proto__ key, an is_error key", () => {
    const texts = fc.sample(invalidArgumentsTextArbitrary("save_measurement"), { numRuns: 2_000, seed: 7 });
    expect(texts.some((text) => text.includes("1e309"))).toBe(true);
    expect(texts.some((text) => text.includes('"__proto__"'))).toBe(true);
    expect(texts.some((text) => text.includes('"is_error"'))).toBe(true);
    const withProto = texts.find((text) => text.startsWith('{"__proto__"')) as string;
    expect(Object.keys(JSON.parse(withProto) as object)).toContain("__proto__");
    const schemas = [readMeasurementInputSchema, listMeasurementsInputSchema, saveMeasurementInputSchema];
    expect(schemas.every((schema) => !validateArguments({ schema: schema as typeof readMeasurementInputSchema, input: JSON.parse(withProto), today: FUZZ_TODAY }).ok)).toBe(true);
  });

  it("generates hostile saves that are valid, so that their refusal would be a finding", () => {
    for (const input of fc.sample(hostileSaveArbitrary, { numRuns: 300, seed: 11 })) {
      expect(validateArguments({ schema: saveMeasurementInputSchema, input, today: FUZZ_TODAY }).ok).toBe(true);
    }
  });

  it("stores, replays and reads back 200 saves with hostile notes byte for byte, with 0 status flips", async () => {
    const report = await runHostileNoteFuzz({ saves: 200 });
    expect(report.failures).toEqual([]);
    expect(report.figures).toMatchObject({ saves: 200, identical_replays: 200, status_flips: 0, note_mismatches: 0, uncaught_exceptions: 0 });
  }, 60_000);
});
