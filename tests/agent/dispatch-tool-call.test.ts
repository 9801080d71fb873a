// The dispatcher's argument checks, decided before any handler runs: bad_arguments for every malformed call, its
// details and its language, and notes that could not be read back as saved.
import { describe, expect, it } from "vitest";
import { errorOf, spiedRegistry, setUpDispatchHarness } from "../support/dispatch-harness";
import { storeAdapters } from "@/tests/store/store-adapters";

describe.each(storeAdapters)("on $name", (adapter) => {
  const harness = setUpDispatchHarness(adapter);
  const { dispatch } = harness;

  describe("bad_arguments: decided before any handler runs", () => {
    it.each([
      [
        "an unknown tool",
        "delete_everything",
        { date: "2020-01-01" },
        "Unknown tool 'delete_everything'. Available tools: read_measurement, list_measurements, save_measurement, get_trend, set_goal.",
      ],
      ["arguments that are not JSON", "read_measurement", "{date: 2020-01-01", "Arguments must be a JSON object. Received '{date: 2020-01-01'."],
      [
        "a date in prose",
        "read_measurement",
        { date: "4th of March" },
        "date must be YYYY-MM-DD (a real calendar date). Received '4th of March'. Example: 2026-11-30.",
      ],
      ["an impossible date", "read_measurement", { date: "2026-02-30" }, "Received '2026-02-30'"],
      ["a future date", "read_measurement", { date: "2026-12-01" }, "date cannot be in the future. Received '2026-12-01'; today is 2026-11-30."],
      ["an unknown argument", "read_measurement", { date: "2020-01-01", day: 3 }, "Unknown argument 'day'. Valid arguments: date."],
      [
        "an unknown field",
        "save_measurement",
        { date: "2020-01-04", values: { weight: 77.4 } },
        "Unknown field 'weight'. Valid fields: weight_kg, body_fat_pct, neck_cm, chest_cm, waist_cm, hips_cm, biceps_cm, quadriceps_cm, calf_cm, height_cm.",
      ],
      [
        "a value with its unit",
        "save_measurement",
        { date: "2020-01-04", values: { weight_kg: "77.4 kg" } },
        "weight_kg must be a number of kilograms from 20 to 400, with at most one decimal. Received '77.4 kg'. Send 77.4.",
      ],
      [
        "a value out of range",
        "save_measurement",
        { date: "2020-01-04", values: { body_fat_pct: 90 } },
        "body_fat_pct must be a number of percent from 2 to 75",
      ],
      ["no values", "save_measurement", { date: "2020-01-04", values: {} }, "values must be an object with at least one measurement."],
      ["a backwards range", "list_measurements", { from: "2020-02-01", to: "2020-01-01" }, "from must not be after to."],
    ])("returns bad_arguments for %s without running the handler", async (_label, name, args, messagePart) => {
      const { registry, spies } = spiedRegistry();
      const result = await dispatch(name, args, {}, registry);
      const error = errorOf(result);
      expect(error).toMatchObject({
        kind: "tool_error",
        version: 1,
        is_error: true,
        error: "bad_arguments",
        recovery: "correct_arguments",
        recoverable: true,
        trace_id: "trc_test",
      });
      expect(error.message).toContain(messagePart);
      expect(error.details).toBeDefined();
      for (const spy of spies.values()) expect(spy).not.toHaveBeenCalled();
      expect(result.handlerRan).toBe(false);
    });

    it("carries the field, the received value and an example in details", async () => {
      const error = errorOf(await dispatch("save_measurement", { date: "2020-01-04", values: { weight_kg: "77.4 kg" } }));
      expect(error.details).toEqual({ field: "weight_kg", received: "77.4 kg", min: 20, max: 400, unit: "kg", example: 77.4 });
    });

    it("writes the message in the user's language", async () => {
      const error = errorOf(await dispatch("read_measurement", { date: "4 de marzo" }, { locale: "es" }));
      expect(error.message).toBe("date debe ser AAAA-MM-DD (una fecha real del calendario). Recibido '4 de marzo'. Ejemplo: 2026-11-30.");
    });
  });

  describe("bad_arguments messages", () => {
    it("names only the unknown field, not also a missing value, when values hold nothing else", async () => {
      const error = errorOf(await dispatch("save_measurement", { date: "2020-01-04", values: { weight: 77.4 } }));
      expect(error.message).toBe(
        "Unknown field 'weight'. Valid fields: weight_kg, body_fat_pct, neck_cm, chest_cm, waist_cm, hips_cm, biceps_cm, quadriceps_cm, calf_cm, height_cm.",
      );
      expect(error.details).toEqual({
        field: "values",
        unknown: ["weight"],
        valid_values: ["weight_kg", "body_fat_pct", "neck_cm", "chest_cm", "waist_cm", "hips_cm", "biceps_cm", "quadriceps_cm", "calf_cm", "height_cm"],
      });
    });
  });

  describe("notes", () => {
    it("refuses a note with a lone surrogate, which could not be read back as saved: exact bad_arguments, no handler, 0 writes", async () => {
      const { registry, spies } = spiedRegistry();
      // JSON.stringify writes the lone half as the escape "\ud800", as a model's JSON arguments would.
      const args = { date: "2020-01-04", values: { weight_kg: 77 }, note: "ok \ud800" };
      const result = await dispatch("save_measurement", args, { idempotencyKey: "tc_n" }, registry);
      expect(result.outcome).toEqual({
        isError: true,
        content: {
          kind: "tool_error",
          version: 1,
          is_error: true,
          error: "bad_arguments",
          message:
            "note must be well-formed text, and it holds a lone UTF-16 surrogate (\\uD800, half of a character such as an emoji), which cannot be stored as sent. Received 'ok \\uD800'. Send the note without it, or with the whole character.",
          recovery: "correct_arguments",
          recoverable: true,
          details: { field: "note", reason: "lone_surrogate", surrogate: "\\uD800", index: 3, received: "ok \\uD800" },
          trace_id: "trc_test",
        },
      });
      expect(result.serialized).toBe(JSON.stringify(result.outcome.content));
      expect(result.serialized).not.toMatch(/\p{Cs}/u);
      expect({ handlerRan: result.handlerRan, attempts: result.attempts }).toEqual({ handlerRan: false, attempts: 0 });
      for (const spy of spies.values()) expect(spy).not.toHaveBeenCalled();
      const { inspection } = harness.database.store;
      expect([await inspection.countRows({ table: "measurement" }), await inspection.countRows({ table: "idempotency_record" })]).toEqual([0, 0]);
    });

    it("answers the lone surrogate in the user's language", async () => {
      const error = errorOf(
        await dispatch("save_measurement", { date: "2020-01-04", values: { weight_kg: 77 }, note: "\udc00" }, { locale: "pt", idempotencyKey: "tc_pt" }),
      );
      expect(error.message).toBe(
        "note deve ser um texto bem formado, e contém um substituto UTF-16 isolado (\\uDC00, metade de um caractere como um emoji), que não pode ser salvo como foi enviado. Recebido '\\uDC00'. Envie a nota sem ele, ou com o caractere completo.",
      );
    });

    it("saves and reads back a note with well-formed characters outside the basic plane unchanged", async () => {
      const note = "💪 𝔐𝔢𝔞𝔰𝔲𝔯𝔢 🏋️‍♀️";
      const saved = await dispatch("save_measurement", { date: "2020-01-04", values: { weight_kg: 77 }, note }, { idempotencyKey: "tc_ok" });
      expect(saved.outcome.isError).toBe(false);
      const read = await dispatch("read_measurement", { date: "2020-01-04" });
      expect(read.outcome).toMatchObject({ isError: false, content: { note } });
    });
  });
});
