// The goal form's fields become set_goal's own arguments: a target typed in the person's units (decimal comma or
// point) goes with those units and is converted by the tool's schema; problems come back in the person's language
// with the field's name and its range in the unit the person typed, and nothing is sent.
import { describe, expect, it } from "vitest";
import { parseGoalForm } from "@/app/measurements/parse-goal-form";
import type { Locale } from "@/lib/i18n/locale";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries({ idempotencyKey: "key-1", field: "weight_kg", units: "metric", ...fields })) data.set(name, value);
  return data;
};
const parse = (fields: Record<string, string>, locale: Locale = "en") => parseGoalForm({ formData: form(fields), locale });

describe("parseGoalForm", () => {
  it("sends a metric target as typed, with a decimal comma read as a point", () => {
    expect(parse({ target: "72,5" })).toEqual({ ok: true, idempotencyKey: "key-1", input: { field: "weight_kg", target: 72.5 } });
    expect(parse({ field: "waist_cm", target: " 80.2 " })).toEqual({ ok: true, idempotencyKey: "key-1", input: { field: "waist_cm", target: 80.2 } });
  });

  it("sends a target typed in pounds or inches with its unit, converted exactly as PUT /api/v1/goals does", () => {
    const pounds = parse({ target: "160", units: "imperial" });
    expect(pounds).toMatchObject({ ok: true, input: { field: "weight_kg", target: 72.6, converted: { from: 160, unit: "lb" } } });
    const inches = parse({ field: "waist_cm", target: "32", units: "imperial" });
    expect(inches).toMatchObject({ ok: true, input: { field: "waist_cm", target: 81.3, converted: { from: 32, unit: "in" } } });
    // A percentage has no imperial unit: sent as typed.
    expect(parse({ field: "body_fat_pct", target: "18", units: "imperial" })).toMatchObject({ ok: true, input: { field: "body_fat_pct", target: 18 } });
  });

  it("removes the goal with a null target, whatever the target input holds", () => {
    expect(parse({ target: "", remove: "true" })).toEqual({ ok: true, idempotencyKey: "key-1", input: { field: "weight_kg", target: null } });
    expect(parse({ target: "abc", remove: "true" })).toMatchObject({ ok: true, input: { target: null } });
  });

  it("asks for a target when Save is pressed with none, in the person's language", () => {
    expect(parse({ target: " " })).toEqual({
      ok: false,
      state: { status: "invalid", field: "weight_kg", message: "Weight: enter a target, or remove the goal." },
    });
    expect(parse({ target: "" }, "pt")).toMatchObject({ ok: false, state: { message: "Peso: digite uma meta, ou remova a meta." } });
  });

  it("names the field's range in the unit the person typed, quoting what was typed", () => {
    expect(parse({ target: "500" })).toEqual({
      ok: false,
      state: { status: "invalid", field: "weight_kg", message: "Weight: enter a number from 20 to 400 kg, with at most one decimal. You entered “500”." },
    });
    expect(parse({ target: "1000", units: "imperial" }, "es")).toEqual({
      ok: false,
      state: {
        status: "invalid",
        field: "weight_kg",
        message: "Peso: introduce un número de 44 a 881,9 lb, con un decimal como máximo. Has introducido «1000».",
      },
    });
    expect(parse({ target: "seventy" })).toMatchObject({ ok: false, state: { message: expect.stringContaining("“seventy”") } });
  });

  it("refuses a form without a key or with an unknown field as unreadable, spending nothing", () => {
    expect(parse({ idempotencyKey: "" })).toEqual({ ok: false, state: { status: "failed", field: null, code: "bad_form", keepKey: false } });
    expect(parse({ field: "weight_lb", target: "70" })).toMatchObject({ ok: false, state: { code: "bad_form" } });
  });
});
