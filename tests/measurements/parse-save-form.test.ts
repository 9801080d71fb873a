// The add/edit form's fields become the tool's validated save plus the edit's fields to clear; an edit that would
// leave the record with no value is refused with a message that points to Delete.
import { describe, expect, it } from "vitest";
import { parseSaveForm } from "@/app/measurements/parse-save-form";

const date = "2020-03-04";

function formOf(fields: Record<string, string | string[]>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const entry of [value].flat()) formData.append(name, entry);
  return formData;
}

/** The edit form of a record that held weight 79, waist 85 and the note "first", as the browser posts it. */
function editForm(fields: Record<string, string | string[]>): FormData {
  return formOf({ mode: "edit", idempotencyKey: "key-1", date, weight_kg: "79", waist_cm: "85", note: "first", timeZone: "UTC", ...fields });
}

describe("parseSaveForm", () => {
  it("sends an emptied field of the edit form as a field to clear, beside the remaining values", () => {
    expect(parseSaveForm({ formData: editForm({ waist_cm: "", clear: "waist_cm" }), locale: "en" })).toEqual({
      ok: true,
      idempotencyKey: "key-1",
      input: { date, values: { weight_kg: 79 }, note: "first", replace: true },
      clearFields: ["waist_cm"],
    });
  });

  it("refuses an edit that empties every value, whatever the note, and names Delete; nothing is saved under the key", () => {
    const refused = {
      ok: false,
      state: {
        status: "invalid",
        problems: [
          {
            field: null,
            message: `The record of 4 March 2020 needs at least one value, so nothing was changed. To remove the whole record, use Delete in the table.`,
          },
        ],
      },
    };
    expect(parseSaveForm({ formData: editForm({ weight_kg: "", waist_cm: "", note: "", clear: ["weight_kg", "waist_cm"] }), locale: "en" })).toEqual(refused);
    expect(parseSaveForm({ formData: editForm({ weight_kg: " ", waist_cm: "", clear: ["weight_kg", "waist_cm"] }), locale: "en" })).toEqual(refused);
    expect(parseSaveForm({ formData: editForm({ weight_kg: "", waist_cm: "", note: "", clear: ["weight_kg", "waist_cm"] }), locale: "pt" })).toEqual({
      ok: false,
      state: {
        status: "invalid",
        problems: [
          {
            field: null,
            message: `O registro de 4 de março de 2020 precisa de pelo menos um valor, então nada foi alterado. Para remover o registro inteiro, use Excluir na tabela.`,
          },
        ],
      },
    });
  });

  it("treats a posted list that is not the form's own as an unreadable form", () => {
    const badForm = { ok: false, state: { status: "failed", code: "bad_form", message: "", keepKey: false } };
    const posts: Record<string, string | string[]>[] = [
      { waist_cm: "", clear: "waist" },
      { waist_cm: "", clear: ["waist_cm", "waist_cm"] },
      // A field both given and cleared is a contradiction the form never sends.
      { clear: "waist_cm" },
      { mode: "add", waist_cm: "", clear: "waist_cm" },
      { exact: "waist" },
    ];
    for (const fields of posts) {
      expect(parseSaveForm({ formData: editForm(fields), locale: "en" }), JSON.stringify(fields)).toEqual(badForm);
    }
  });

  it("leaves the add form as it was: no fields to clear, a blank note left alone, replace only when asked", () => {
    expect(parseSaveForm({ formData: formOf({ mode: "add", idempotencyKey: "key-2", date, weight_kg: "77.4", note: "" }), locale: "en" })).toEqual({
      ok: true,
      idempotencyKey: "key-2",
      input: { date, values: { weight_kg: 77.4 } },
      clearFields: [],
    });
  });

  it("converts pounds and inches typed with a point or a comma into the stored metric values, exactly", () => {
    const parsed = parseSaveForm({
      formData: formOf({ mode: "add", idempotencyKey: "key-3", date, units: "imperial", weight_kg: "170", waist_cm: "32,3", body_fat_pct: "18,5", note: "" }),
      locale: "en",
    });
    expect(parsed).toEqual({
      ok: true,
      idempotencyKey: "key-3",
      input: { date, values: { weight_kg: 77.1, waist_cm: 82, body_fat_pct: 18.5 } },
      clearFields: [],
    });
  });

  it("keeps an edit's untouched values as the stored metric numbers instead of converting them back", () => {
    const parsed = parseSaveForm({ formData: editForm({ units: "imperial", weight_kg: "175", waist_cm: "82.1", exact: "waist_cm" }), locale: "en" });
    expect(parsed).toMatchObject({ ok: true, input: { values: { weight_kg: 79.4, waist_cm: 82.1 } } });
  });

  it("words an invalid value for people: the field's label, the range in their units, what they typed", () => {
    const parsed = parseSaveForm({
      formData: formOf({ mode: "add", idempotencyKey: "key-4", date, units: "imperial", weight_kg: "1000", body_fat_pct: "abc", note: "" }),
      locale: "en",
    });
    expect(parsed).toEqual({
      ok: false,
      state: {
        status: "invalid",
        problems: [
          { field: "weight_kg", message: "Weight: enter a number from 44 to 881.9 lb, with at most one decimal. You entered “1000”." },
          { field: "body_fat_pct", message: "Body fat: enter a number from 2 to 75 %, with at most one decimal. You entered “abc”." },
        ],
      },
    });
  });
});
