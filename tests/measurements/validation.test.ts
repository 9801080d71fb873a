// The measurement arguments are refused with the contract's parts: the constraint, the value received, a valid form to copy.
import { describe, expect, it } from "vitest";
import { argumentProblemMessage } from "@/lib/outcome/argument-messages";
import { describeReceived, detailsOf } from "@/lib/outcome/argument-problem";
import type { ArgumentProblem } from "@/lib/measurements/validation";
import { measurementFields, type MeasurementField } from "@/lib/measurements/fields";
import { inputFieldOfProblem } from "@/lib/measurements/input-field-of-problem";
import { listMeasurementsInputSchema, readMeasurementInputSchema, saveMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";

const today = "2026-03-10";
const validFieldsText = "weight_kg, body_fat_pct, neck_cm, chest_cm, waist_cm, hips_cm, biceps_cm, quadriceps_cm, calf_cm, height_cm";
const typicalValue: Record<MeasurementField, number> = {
  weight_kg: 77.4,
  body_fat_pct: 18.5,
  neck_cm: 38,
  chest_cm: 100,
  waist_cm: 82,
  hips_cm: 98,
  biceps_cm: 35,
  quadriceps_cm: 56,
  calf_cm: 37,
  height_cm: 178,
};

function problemsOfSave(input: unknown): ArgumentProblem[] {
  const result = validateArguments({ schema: saveMeasurementInputSchema, input, today });
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.problems;
}

function onlyProblem(result: ReturnType<typeof validateArguments>): ArgumentProblem {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  expect(result.problems).toHaveLength(1);
  return result.problems[0] as ArgumentProblem;
}

// The ranges of the tool contract, written out here so that a change in lib/measurements/fields.ts is caught.
const contractRanges: Record<MeasurementField, { min: number; max: number; unit: string }> = {
  weight_kg: { min: 20, max: 400, unit: "kg" },
  body_fat_pct: { min: 2, max: 75, unit: "%" },
  neck_cm: { min: 10, max: 250, unit: "cm" },
  chest_cm: { min: 10, max: 250, unit: "cm" },
  waist_cm: { min: 10, max: 250, unit: "cm" },
  hips_cm: { min: 10, max: 250, unit: "cm" },
  biceps_cm: { min: 10, max: 250, unit: "cm" },
  quadriceps_cm: { min: 10, max: 250, unit: "cm" },
  calf_cm: { min: 10, max: 250, unit: "cm" },
  height_cm: { min: 50, max: 260, unit: "cm" },
};

const saveOf = (values: unknown, extra: Record<string, unknown> = {}) => ({ date: "2026-03-04", values, ...extra });

describe("measurement field bounds", () => {
  it("covers exactly the contract's fields", async () => {
    expect([...measurementFields].sort()).toEqual(Object.keys(contractRanges).sort());
  });

  for (const field of measurementFields) {
    const { min, max, unit } = contractRanges[field];
    const below = Math.round((min - 0.1) * 10) / 10;
    const above = Math.round((max + 0.1) * 10) / 10;

    it(`accepts ${field} at its minimum ${min} and its maximum ${max}`, () => {
      for (const value of [min, max]) {
        const result = validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ [field]: value }), today });
        expect(result).toEqual({ ok: true, value: { date: "2026-03-04", values: { [field]: value } } });
      }
    });

    it(`refuses ${field} below ${min} and above ${max} with the range, the value and a typical value to send`, () => {
      for (const value of [below, above]) {
        const [problem, ...others] = problemsOfSave(saveOf({ [field]: value }));
        expect(others).toEqual([]);
        expect(problem).toEqual({ kind: "field_value", field, received: value, min, max, unit, suggestion: typicalValue[field] });
        expect(detailsOf(problem as ArgumentProblem)).toEqual({ field, received: String(value), min, max, unit, example: typicalValue[field] });
        const message = argumentProblemMessage(problem as ArgumentProblem, "en");
        expect(message).toContain(`${field} must be a number of`);
        expect(message).toContain(`from ${min} to ${max}`);
        expect(message).toContain(`Received '${value}'.`);
        expect(message).toContain(`Send ${typicalValue[field]}.`);
      }
    });
  }

  it("refuses more than one decimal and suggests the value rounded to one decimal", async () => {
    const problem = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77.45 }), today }));
    expect(problem).toEqual({ kind: "field_value", field: "weight_kg", received: 77.45, min: 20, max: 400, unit: "kg", suggestion: 77.5 });
    expect(argumentProblemMessage(problem, "en")).toBe(
      "weight_kg must be a number of kilograms from 20 to 400, with at most one decimal. Received '77.45'. Send 77.5.",
    );
    expect(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ waist_cm: 82.3 }), today }).ok).toBe(true);
  });
});

describe("wrong value types", () => {
  const parts = {
    en: ["weight_kg must be a number of kilograms", "from 20 to 400", "Received '77.4 kg'.", "Send 77.4."],
    es: ["weight_kg debe ser un número de kilogramos", "entre 20 y 400", "Recibido '77.4 kg'.", "Envía 77.4."],
    pt: ["weight_kg deve ser um número de quilogramas", "entre 20 e 400", "Recebido '77.4 kg'.", "Envie 77.4."],
  } as const;

  it("refuses '77.4 kg' naming the constraint, quoting the value and giving the number to send, in en, es and pt", async () => {
    const problem = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: "77.4 kg" }), today }));
    expect(detailsOf(problem)).toEqual({ field: "weight_kg", received: "77.4 kg", min: 20, max: 400, unit: "kg", example: 77.4 });
    for (const locale of ["en", "es", "pt"] as const) {
      const message = argumentProblemMessage(problem, locale);
      for (const part of parts[locale]) expect(message).toContain(part);
    }
  });

  it("reads a decimal comma and a boolean as what they are", async () => {
    const comma = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ waist_cm: "82,5" }), today }));
    expect(detailsOf(comma)).toEqual({ field: "waist_cm", received: "82,5", min: 10, max: 250, unit: "cm", example: 82.5 });
    const flag = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: true }), today }));
    expect(detailsOf(flag)).toEqual({ field: "weight_kg", received: "true", min: 20, max: 400, unit: "kg", example: 77.4 });
  });

  it("refuses a note that is not text or is too long, and a replace that is not a boolean", async () => {
    const note = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77 }, { note: "x".repeat(2_001) }), today }));
    expect(detailsOf(note)).toEqual({ field: "note", max_length: 2_000 });
    expect(argumentProblemMessage(note, "en")).toBe(`note must be text of at most 2000 characters. Received '${"x".repeat(80)}…'.`);
    const notText = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77 }, { note: 5 }), today }));
    expect(argumentProblemMessage(notText, "en")).toBe("note must be text of at most 2000 characters. Received '5'.");
    const replace = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77 }, { replace: "yes" }), today }));
    expect(detailsOf(replace)).toEqual({ argument: "replace", received: "yes", valid_values: [true, false] });
    expect(argumentProblemMessage(replace, "en")).toBe("replace must be true or false. Received 'yes'. Send true to overwrite a stored value.");
  });

  it("refuses arguments that are not an object", async () => {
    for (const input of ["x", null, [1], 5]) {
      const problem = onlyProblem(validateArguments({ schema: readMeasurementInputSchema, input, today }));
      expect(problem.kind).toBe("not_object");
    }
  });
});

describe("notes with a lone surrogate", () => {
  // SQLite stores UTF-8: a lone UTF-16 surrogate would be read back as U+FFFD, so the note stored would not be the note saved.
  it("refuses a lone high surrogate with a problem of its own: the surrogate escaped, its index and the note received", async () => {
    const problem = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77 }, { note: "ok \ud800" }), today }));
    expect(problem).toEqual({ kind: "note_malformed", received: "ok \ud800", surrogate: "\\uD800", index: 3 });
    expect(detailsOf(problem)).toEqual({ field: "note", reason: "lone_surrogate", surrogate: "\\uD800", index: 3, received: "ok \\uD800" });
    expect(inputFieldOfProblem(problem)).toBe("note");
  });

  it("says what is wrong, shows the note with the surrogate escaped, and says what to send, in en, es and pt", async () => {
    const problem = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77 }, { note: "ok \ud800" }), today }));
    expect(argumentProblemMessage(problem, "en")).toBe(
      "note must be well-formed text, and it holds a lone UTF-16 surrogate (\\uD800, half of a character such as an emoji), which cannot be stored as sent. Received 'ok \\uD800'. Send the note without it, or with the whole character.",
    );
    expect(argumentProblemMessage(problem, "es")).toBe(
      "note debe ser un texto bien formado, y contiene un sustituto UTF-16 suelto (\\uD800, la mitad de un carácter como un emoji), que no se puede guardar tal como llegó. Recibido 'ok \\uD800'. Envía la nota sin él, o con el carácter completo.",
    );
    expect(argumentProblemMessage(problem, "pt")).toBe(
      "note deve ser um texto bem formado, e contém um substituto UTF-16 isolado (\\uD800, metade de um caractere como um emoji), que não pode ser salvo como foi enviado. Recebido 'ok \\uD800'. Envie a nota sem ele, ou com o caractere completo.",
    );
    for (const locale of ["en", "es", "pt"] as const) expect(argumentProblemMessage(problem, locale)).not.toMatch(/\p{Cs}/u);
  });

  it("names the first lone half: a low surrogate alone, a pair in the wrong order, a pair cut at the end", async () => {
    const cases = [
      { note: "\udc00 after", surrogate: "\\uDC00", index: 0 },
      { note: "x\ude00\ud83d", surrogate: "\\uDE00", index: 1 },
      { note: "💪 and \ud83d", surrogate: "\\uD83D", index: 7 },
    ];
    for (const { note, surrogate, index } of cases) {
      const problem = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77 }, { note }), today }));
      expect(problem).toEqual({ kind: "note_malformed", received: note, surrogate, index });
    }
  });

  it("accepts well-formed text outside the basic plane, up to the maximum length", async () => {
    for (const note of ["💪 🏋️‍♀️ 𝔐𝔢𝔞𝔰𝔲𝔯𝔢", "\ud83d\ude00", "😀".repeat(1_000), "\ufffd"]) {
      expect(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77 }, { note }), today })).toEqual({
        ok: true,
        value: { date: "2026-03-04", values: { weight_kg: 77 }, note },
      });
    }
  });

  it("quotes a long received value without cutting a surrogate pair in half", async () => {
    const text = `${"x".repeat(79)}😀 and more`;
    expect(describeReceived(text)).toBe(`${"x".repeat(79)}…`);
    expect(describeReceived(`${"x".repeat(78)}😀 and more`)).toBe(`${"x".repeat(78)}😀…`);
  });
});

describe("unknown and missing names", () => {
  it("refuses an unknown field in values and lists the valid fields, in en, es and pt", async () => {
    const problem = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77, weight: 77 }), today }));
    expect(detailsOf(problem)).toEqual({ field: "values", unknown: ["weight"], valid_values: [...measurementFields] });
    expect(argumentProblemMessage(problem, "en")).toBe(`Unknown field 'weight'. Valid fields: ${validFieldsText}.`);
    expect(argumentProblemMessage(problem, "es")).toBe(`Campo desconocido 'weight'. Campos válidos: ${validFieldsText}.`);
    expect(argumentProblemMessage(problem, "pt")).toBe(`Campo desconhecido 'weight'. Campos válidos: ${validFieldsText}.`);
  });

  it("reports only the unknown fields when every key of values is unknown, not also that values hold no measurement", async () => {
    expect(problemsOfSave(saveOf({ weight: 77 }))).toEqual([{ kind: "unknown_field", names: ["weight"], valid: [...measurementFields] }]);
    expect(problemsOfSave(saveOf({ weight: 77, waist: 82 }))).toEqual([{ kind: "unknown_field", names: ["weight", "waist"], valid: [...measurementFields] }]);
    // Another argument's problem is still reported beside them.
    expect(problemsOfSave(saveOf({ weight: 77 }, { replace: "yes" }))).toEqual([
      { kind: "unknown_field", names: ["weight"], valid: [...measurementFields] },
      { kind: "boolean_argument", name: "replace", received: "yes" },
    ]);
  });

  it("refuses unknown top-level arguments and lists the valid ones for each tool", async () => {
    const cases = [
      { schema: saveMeasurementInputSchema, input: saveOf({ weight_kg: 77 }, { weight_kg: 77 }), valid: ["date", "values", "note", "replace"] },
      { schema: readMeasurementInputSchema, input: { date: "2026-03-04", user_id: "someone" }, valid: ["date"] },
      { schema: listMeasurementsInputSchema, input: { from: "2026-03-01", to: "2026-03-04", limit: 5 }, valid: ["from", "to", "fields"] },
    ];
    for (const { schema, input, valid } of cases) {
      const problem = onlyProblem(validateArguments({ schema: schema as typeof readMeasurementInputSchema, input, today }));
      const unknown = Object.keys(input).filter((name) => !valid.includes(name));
      expect(detailsOf(problem)).toEqual({ unknown, valid_values: valid });
      expect(argumentProblemMessage(problem, "en")).toBe(`Unknown argument '${unknown[0]}'. Valid arguments: ${valid.join(", ")}.`);
    }
  });

  it("refuses empty or missing values with an example to copy", async () => {
    for (const [values, received] of [
      [{}, "(object)"],
      [undefined, "(none)"],
      [[], "(list)"],
    ] as const) {
      const problem = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: { date: "2026-03-04", values }, today }));
      expect(detailsOf(problem)).toEqual({ field: "values", received, example: { weight_kg: 77.4 } });
      expect(argumentProblemMessage(problem, "en")).toContain('Example: {"weight_kg":77.4}.');
    }
  });

  it("refuses a list of fields holding an unknown name, or an empty one", async () => {
    for (const fields of [["weight_kg", "weight"], []]) {
      const problem = onlyProblem(validateArguments({ schema: listMeasurementsInputSchema, input: { from: "2026-03-01", to: "2026-03-04", fields }, today }));
      expect(detailsOf(problem)).toEqual({ argument: "fields", received: "(list)", valid_values: [...measurementFields] });
      expect(argumentProblemMessage(problem, "en")).toContain(`Valid fields: ${validFieldsText}.`);
    }
  });

  it("refuses a missing date with an example date", async () => {
    const problem = onlyProblem(validateArguments({ schema: readMeasurementInputSchema, input: {}, today }));
    expect(detailsOf(problem)).toEqual({ argument: "date", example: today });
    expect(argumentProblemMessage(problem, "en")).toBe(`date is required and must be YYYY-MM-DD. Example: ${today}.`);
  });
});

describe("dates", () => {
  const dateParts = {
    en: ["date must be YYYY-MM-DD", "Received '4th of March'.", `Example: ${today}.`],
    es: ["date debe ser AAAA-MM-DD", "Recibido '4th of March'.", `Ejemplo: ${today}.`],
    pt: ["date deve ser AAAA-MM-DD", "Recebido '4th of March'.", `Exemplo: ${today}.`],
  } as const;

  it("refuses '4th of March' with the format, the value and an example date, in en, es and pt", async () => {
    const problem = onlyProblem(validateArguments({ schema: readMeasurementInputSchema, input: { date: "4th of March" }, today }));
    expect(detailsOf(problem)).toEqual({ argument: "date", received: "4th of March", format: "YYYY-MM-DD", example: today });
    for (const locale of ["en", "es", "pt"] as const) {
      const message = argumentProblemMessage(problem, locale);
      for (const part of dateParts[locale]) expect(message).toContain(part);
    }
  });

  it("refuses other formats: no zero padding, no dashes, slashes, a time, a number, an empty string", async () => {
    for (const date of ["2026-3-4", "20260304", "2026/03/04", "2026-03-04T00:00:00Z", 20260304, ""]) {
      const problem = onlyProblem(validateArguments({ schema: readMeasurementInputSchema, input: { date }, today }));
      expect(problem).toEqual({ kind: "date_format", name: "date", received: date, example: today });
    }
  });

  it("refuses impossible calendar dates and accepts 29 February of a leap year", async () => {
    for (const date of ["2026-02-30", "2025-02-29", "2026-13-01", "2026-04-31", "2026-00-10"]) {
      const problem = onlyProblem(validateArguments({ schema: readMeasurementInputSchema, input: { date }, today }));
      expect(problem).toEqual({ kind: "date_format", name: "date", received: date, example: today });
    }
    expect(validateArguments({ schema: readMeasurementInputSchema, input: { date: "2024-02-29" }, today }).ok).toBe(true);
  });

  it("refuses a date after today and accepts today", async () => {
    const problem = onlyProblem(validateArguments({ schema: saveMeasurementInputSchema, input: { date: "2026-03-11", values: { weight_kg: 77 } }, today }));
    expect(detailsOf(problem)).toEqual({ argument: "date", received: "2026-03-11", today });
    expect(argumentProblemMessage(problem, "en")).toBe(
      `date cannot be in the future. Received '2026-03-11'; today is ${today}. Send ${today} or an earlier date.`,
    );
    expect(validateArguments({ schema: saveMeasurementInputSchema, input: { date: today, values: { weight_kg: 77 } }, today }).ok).toBe(true);
    const to = onlyProblem(validateArguments({ schema: listMeasurementsInputSchema, input: { from: "2026-03-01", to: "2026-04-01" }, today }));
    expect(to).toEqual({ kind: "future_date", name: "to", received: "2026-04-01", today });
  });

  it("refuses from after to and says which values to send", async () => {
    const problem = onlyProblem(validateArguments({ schema: listMeasurementsInputSchema, input: { from: "2026-03-05", to: "2026-03-01" }, today }));
    expect(detailsOf(problem)).toEqual({ from: "2026-03-05", to: "2026-03-01" });
    expect(argumentProblemMessage(problem, "en")).toBe(
      "from must not be after to. Received from '2026-03-05' and to '2026-03-01'. Send from '2026-03-01' and to '2026-03-05'.",
    );
    expect(validateArguments({ schema: listMeasurementsInputSchema, input: { from: "2026-03-05", to: "2026-03-05" }, today }).ok).toBe(true);
  });
});
