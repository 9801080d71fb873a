// Fuzzing (short): generated invalid arguments are all refused with problems and no exception; hostile notes round-trip byte for
// byte, and notes with a lone surrogate are refused with bad_arguments before anything is written.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listMeasurementsInputSchema, readMeasurementInputSchema, saveMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";
import { FUZZ_TODAY, hostileSaveArbitrary, invalidArgumentsTextArbitrary, loneSurrogateSaveArbitrary } from "@/scripts/drills/fuzz/arbitraries";
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
    expect(
      schemas.every(
        (schema) => !validateArguments({ schema: schema as typeof readMeasurementInputSchema, input: JSON.parse(withProto), today: FUZZ_TODAY }).ok,
      ),
    ).toBe(true);
  });

  it("generates hostile saves that are valid, so that their refusal would be a finding", () => {
    for (const input of fc.sample(hostileSaveArbitrary, { numRuns: 300, seed: 11 })) {
      expect(validateArguments({ schema: saveMeasurementInputSchema, input, today: FUZZ_TODAY }).ok).toBe(true);
    }
  });

  it("generates notes with a lone surrogate that are refused for it alone: high and low halves, anywhere, even inside a pair", () => {
    const notes = fc.sample(loneSurrogateSaveArbitrary, { numRuns: 500, seed: 13 }).map((input) => input.note);
    const kinds = notes.map((note) => {
      const result = validateArguments({
        schema: saveMeasurementInputSchema,
        input: { date: "2026-03-04", values: { weight_kg: 70 }, note },
        today: FUZZ_TODAY,
      });
      return result.ok ? "accepted" : result.problems.map((problem) => problem.kind).join(",");
    });
    expect(new Set(kinds)).toEqual(new Set(["note_malformed"]));
    const lone = (pattern: RegExp) => notes.some((note) => pattern.test(note));
    expect(lone(/[\ud800-\udbff](?![\udc00-\udfff])/)).toBe(true);
    expect(lone(/(?<![\ud800-\udbff])[\udc00-\udfff]/)).toBe(true);
    // Inserted between the halves of a pair: high, new unit, low.
    expect(lone(/[\ud800-\udbff][\ud800-\udfff][\udc00-\udfff]/)).toBe(true);
  });

  it("stores, replays and reads back 200 hostile notes byte for byte, and refuses 100 with a lone surrogate with bad_arguments and 0 writes", async () => {
    const report = await runHostileNoteFuzz({ saves: 200, loneSurrogateSaves: 100 });
    expect(report.failures).toEqual([]);
    expect(report.figures).toMatchObject({
      saves: 200,
      identical_replays: 200,
      status_flips: 0,
      note_mismatches: 0,
      uncaught_exceptions: 0,
      lone_surrogate_refused: "100/100",
      lone_surrogate_writes: 0,
      lone_surrogate_handler_runs: 0,
    });
  }, 60_000);
});
