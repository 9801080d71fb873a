import { describe, expect, it } from "vitest";
import { parseSaveForm } from "@/app/measurements/parse-save-form";
import { queuedSaveOfForm } from "@/app/measurements/offline/queued-save-of-form";
import { savePayloadOf } from "@/lib/measurements/save-measurement";
import { fingerprintOf } from "@/lib/measurements/fingerprint";
import { saveMeasurementInputSchema, validateArguments } from "@/lib/measurements/validation";

function formData(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** The fingerprint the API's PUT gives the queued save: its body with the date from the path, validated as the API does. */
function putFingerprint(body: object, date: string): string {
  const validation = validateArguments({ schema: saveMeasurementInputSchema, input: { ...body, date }, today: "2026-12-05" });
  if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
  return fingerprintOf("save_measurement", savePayloadOf(validation.value));
}

function actionFingerprint(data: FormData): string {
  const parsed = parseSaveForm({ formData: data, locale: "pt" });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.state));
  return fingerprintOf("save_measurement", savePayloadOf(parsed.input, parsed.clearFields));
}

const base: [string, string][] = [
  ["idempotencyKey", "key-1"],
  ["date", "2026-12-01"],
  ["timeZone", "America/Sao_Paulo"],
];

describe("queuedSaveOfForm", () => {
  it("queues an imperial save with a decimal comma as the same request the server action saves, so one key fits both", () => {
    const data = formData([...base, ["mode", "add"], ["units", "imperial"], ["weight_kg", "170,6"], ["waist_cm", "32.3"], ["note", " after gym "]]);
    const save = queuedSaveOfForm({ formData: data, accountId: "account-1", now: 5 });
    expect(save).toEqual({
      idempotencyKey: "key-1",
      accountId: "account-1",
      date: "2026-12-01",
      body: { values: { weight_kg: 77.4, waist_cm: 82 }, note: " after gym " },
      timeZone: "America/Sao_Paulo",
      queuedAt: 5,
    });
    expect(putFingerprint(save!.body, save!.date)).toBe(actionFingerprint(data));
  });

  it("leaves a blank note out of an added save and keeps the edit form's note, replace and untouched exact values", () => {
    const added = queuedSaveOfForm({ formData: formData([...base, ["mode", "add"], ["weight_kg", "77.4"], ["note", "  "]]), accountId: "a" });
    expect(added?.body).toEqual({ values: { weight_kg: 77.4 } });

    const edit = formData([...base, ["mode", "edit"], ["units", "imperial"], ["weight_kg", "80.2"], ["exact", "weight_kg"], ["note", ""]]);
    const edited = queuedSaveOfForm({ formData: edit, accountId: "a" });
    expect(edited?.body).toEqual({ values: { weight_kg: 80.2 }, note: "", replace: true });
    expect(putFingerprint(edited!.body, edited!.date)).toBe(actionFingerprint(edit));
  });

  it("does not queue an edit that empties a value: the API's write cannot say it", () => {
    const edit = formData([...base, ["mode", "edit"], ["weight_kg", "77.4"], ["clear", "waist_cm"], ["note", ""]]);
    expect(queuedSaveOfForm({ formData: edit, accountId: "a" })).toBeNull();
  });
});
