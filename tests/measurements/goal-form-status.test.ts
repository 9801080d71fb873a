// The goal form's answer after a submit, in the person's language and units: the saved or removed goal, and what each
// write failure's contract code means (nothing stored / maybe stored, save again / the key already used).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GoalFormStatus } from "@/app/measurements/goal-form-status";
import type { GoalFormState } from "@/app/measurements/goal-form-state";
import { dictionaries } from "@/lib/i18n/dictionaries";
import type { Locale } from "@/lib/i18n/locale";

const render = (state: GoalFormState, locale: Locale = "en", unitSystem: "metric" | "imperial" = "metric") =>
  renderToStaticMarkup(createElement(GoalFormStatus, { state, locale, text: dictionaries[locale].measurements, unitSystem })).replace(/<[^>]+>/g, "");

describe("GoalFormStatus", () => {
  it("says the saved goal in the person's units and language", () => {
    expect(render({ status: "saved", field: "weight_kg", target: 72.6, previous: null })).toBe("Saved the goal for weight: 72.6 kg.");
    expect(render({ status: "saved", field: "weight_kg", target: 77.1, previous: 80 }, "pt", "imperial")).toBe("A meta de peso foi salva: 170 lb.");
    expect(render({ status: "saved", field: "waist_cm", target: 81.3, previous: null }, "es", "imperial")).toBe("Se guardó el objetivo de cintura: 32 in.");
  });

  it("tells a removal from a removal of nothing", () => {
    expect(render({ status: "saved", field: "weight_kg", target: null, previous: 70 })).toBe("Removed the goal for weight.");
    expect(render({ status: "saved", field: "weight_kg", target: null, previous: null }, "es")).toBe("No había objetivo de peso, así que no cambió nada.");
  });

  it("words each write failure by its code, and keeps the code on the element", () => {
    const failed = (code: string): GoalFormState => ({ status: "failed", field: "weight_kg", code, keepKey: code !== "idempotency_key_reused" });
    expect(render(failed("write_failed"))).toBe(
      "The goal for weight was not saved: the storage refused the write, so nothing changed. Please try again later.",
    );
    expect(render(failed("outcome_unknown"), "pt")).toContain("Não foi possível confirmar se a meta de peso foi salva");
    expect(render(failed("idempotency_key_reused"), "es")).toContain("Este formulario ya se usó para otro objetivo");
    expect(
      renderToStaticMarkup(
        createElement(GoalFormStatus, { state: failed("write_failed"), locale: "en", text: dictionaries.en.measurements, unitSystem: "metric" }),
      ),
    ).toContain('data-error-code="write_failed"');
  });

  it("shows nothing before the first submit", () => {
    expect(render({ status: "idle" })).toBe("");
  });
});
