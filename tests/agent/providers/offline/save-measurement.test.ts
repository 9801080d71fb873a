import { describe, expect, it } from "vitest";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import { successOutcome } from "@/lib/outcome/tool-outcome";
import type { Locale } from "@/lib/i18n/locale";
import { callsOf, failure, startConversation, systemPrompt } from "./offline-conversation";

function firstCall(text: string, locale: Locale = "en") {
  return callsOf(decideNextStep({ system: systemPrompt({ locale }), history: [{ type: "user", text }] }));
}

function saved(options: { date: string; values: Record<string, number>; created: boolean; previous?: Record<string, number> }) {
  return successOutcome({ ...options, idempotency_key: "idem_test" });
}

describe("offline brain: saving values", () => {
  it.each([
    ["I weighed 77.4 kg this morning", { date: "2026-03-10", values: { weight_kg: 77.4 } }],
    [
      "save weight 77.4 kg and waist 82 cm for 2020-01-04, note: after holidays",
      { date: "2020-01-04", values: { weight_kg: 77.4, waist_cm: 82 }, note: "after holidays" },
    ],
    ["body fat 18%", { date: "2026-03-10", values: { body_fat_pct: 18 } }],
    ["yesterday I weighed 78.1 kg", { date: "2026-03-09", values: { weight_kg: 78.1 } }],
    ["ayer pesé 77,4 kg", { date: "2026-03-09", values: { weight_kg: 77.4 } }],
    [
      "guarda peso 77,4 kg, cintura 82 cm y cuello 38 cm para el 4 de enero de 2020, nota: después de las vacaciones",
      { date: "2020-01-04", values: { weight_kg: 77.4, waist_cm: 82, neck_cm: 38 }, note: "después de las vacaciones" },
    ],
    [
      "grasa corporal 18 %, pecho 101 cm, cadera 95, pantorrilla 37,5 y cuádriceps 58",
      { date: "2026-03-10", values: { body_fat_pct: 18, chest_cm: 101, hips_cm: 95, calf_cm: 37.5, quadriceps_cm: 58 } },
    ],
    ["ontem pesei 77,4 kg", { date: "2026-03-09", values: { weight_kg: 77.4 } }],
    [
      "salve peso 77,4 kg, pescoço 38 cm e peito 100 cm em 2020-01-04, nota: depois das férias",
      { date: "2020-01-04", values: { weight_kg: 77.4, neck_cm: 38, chest_cm: 100 }, note: "depois das férias" },
    ],
    [
      "hoje: gordura corporal 17,5 %, quadril 96 cm, panturrilha 38, quadríceps 57 cm, bíceps 35 e altura 180",
      { date: "2026-03-10", values: { body_fat_pct: 17.5, hips_cm: 96, calf_cm: 38, quadriceps_cm: 57, biceps_cm: 35, height_cm: 180 } },
    ],
  ])("parses %j into one save call", (text, expected) => {
    expect(firstCall(text)).toEqual([{ name: "save_measurement", arguments: expected }]);
  });

  it("confirms a new record with the stored values, in the user's language", () => {
    const conversation = startConversation({ locale: "en" });
    conversation.say("guarda peso 77,4 kg y cintura 82 cm para el 2020-01-04");
    const answer = conversation.reply(saved({ date: "2020-01-04", values: { weight_kg: 77.4, waist_cm: 82 }, created: true }));
    expect(answer.toolCalls).toEqual([]);
    expect(answer.text).toBe("Guardado para el 4 de enero de 2020: peso 77,4 kg, cintura 82 cm.");
  });

  it("says what a save on an existing record changed: a field added, the others unchanged", () => {
    const conversation = startConversation();
    conversation.say("save weight 77.4 kg for 2020-01-04");
    const answer = conversation.reply(saved({ date: "2020-01-04", values: { weight_kg: 77.4, waist_cm: 82 }, created: false, previous: { waist_cm: 82 } }));
    expect(answer.text).toBe("Added weight 77.4 kg to 4 January 2020; waist 82 cm is unchanged.");
  });

  it("says nothing changed when every value asked for was already stored", () => {
    const conversation = startConversation();
    conversation.say("save weight 77.4 kg for 2020-01-04");
    const answer = conversation.reply(
      saved({ date: "2020-01-04", values: { weight_kg: 77.4, waist_cm: 82 }, created: false, previous: { weight_kg: 77.4, waist_cm: 82 } }),
    );
    expect(answer.text).toBe("Already saved: 4 January 2020 holds weight 77.4 kg. Nothing changed.");
  });

  it("says only that it saved when a result does not tell what the date held before", () => {
    const conversation = startConversation();
    conversation.say("save weight 77.4 kg for 2020-01-04");
    const answer = conversation.reply(saved({ date: "2020-01-04", values: { weight_kg: 77.4, waist_cm: 82 }, created: false }));
    expect(answer.text).toBe("Saved for 4 January 2020: weight 77.4 kg.");
  });

  it("asks before replacing after a conflict, then re-sends the same save with replace: true on 'yes, replace it'", () => {
    const conversation = startConversation();
    const save = conversation.say("save weight 77.4 kg for 2020-01-04, note: after holidays");
    const original = callsOf(save)[0];
    const question = conversation.reply(failure("conflict", { details: { date: "2020-01-04", field: "weight_kg", stored: 76, received: 77.4 } }));
    expect(question.toolCalls).toEqual([]);
    expect(question.text).toBe(
      '4 January 2020 already has weight 76 kg; you asked to save weight 77.4 kg. Do you want me to replace it? Reply "yes, replace it" to confirm, or "keep it" to leave it as it is.',
    );
    expect(question.quickReplies).toEqual(["Replace 76 → 77.4 kg", "Keep 76 kg"]);

    const replace = conversation.say("yes, replace it");
    expect(callsOf(replace)).toEqual([{ name: "save_measurement", arguments: { ...original?.arguments, replace: true } }]);
    expect(callsOf(replace)[0]?.arguments).toEqual({ date: "2020-01-04", values: { weight_kg: 77.4 }, note: "after holidays", replace: true });
    const done = conversation.reply(saved({ date: "2020-01-04", values: { weight_kg: 77.4 }, created: false, previous: { weight_kg: 76 } }));
    expect(done.text).toBe("Replaced weight 76 kg with 77.4 kg on 4 January 2020.");
  });

  it.each([
    [
      "es" as const,
      "guarda peso 77,4 kg para el 2020-01-04",
      "sí, reemplázalo",
      "El 4 de enero de 2020 ya tiene guardado peso 76 kg",
      "Reemplacé peso 76 kg por 77,4 kg",
    ],
    [
      "pt" as const,
      "salve peso 77,4 kg em 2020-01-04",
      "sim, substitua",
      "Em 4 de janeiro de 2020 já está salvo peso 76 kg",
      "Substituí peso 76 kg por 77,4 kg",
    ],
  ])("handles the conflict and its confirmation in %s", (_locale, request, confirmation, questionStart, doneStart) => {
    const conversation = startConversation({ locale: "en" });
    conversation.say(request);
    const question = conversation.reply(failure("conflict", { details: { stored: { weight_kg: 76 } } }));
    expect(question.text.startsWith(questionStart)).toBe(true);
    const replace = conversation.say(confirmation);
    expect(callsOf(replace)).toEqual([{ name: "save_measurement", arguments: { date: "2020-01-04", values: { weight_kg: 77.4 }, replace: true } }]);
    const done = conversation.reply(saved({ date: "2020-01-04", values: { weight_kg: 77.4 }, created: false, previous: { weight_kg: 76 } }));
    expect(done.text.startsWith(doneStart)).toBe(true);
  });

  it("does not name a stored value the conflict did not give", () => {
    const conversation = startConversation();
    conversation.say("save weight 77.4 kg for 2020-01-04");
    const question = conversation.reply(failure("conflict"));
    expect(question.text).toContain("4 January 2020 already holds a different value; you asked to save weight 77.4 kg.");
    expect(question.quickReplies).toBeUndefined();
  });

  it("replaces nothing when no conflict is pending, and keeps the stored value when the user says no", () => {
    const nothing = startConversation().say("yes, replace it");
    expect(nothing.toolCalls).toEqual([]);
    expect(nothing.text).toContain("There is nothing to confirm");

    const conversation = startConversation();
    conversation.say("save weight 77.4 kg for 2020-01-04");
    conversation.reply(failure("conflict", { details: { field: "weight_kg", stored: 76 } }));
    const declined = conversation.say("no, keep it");
    expect(declined.toolCalls).toEqual([]);
    expect(declined.text).toBe("OK, I left the stored value as it was.");
  });

  it("sends name=value pairs verbatim first, then the corrected call after bad_arguments", () => {
    const conversation = startConversation();
    const first = conversation.say("weight=77.4kg");
    expect(callsOf(first)).toEqual([{ name: "save_measurement", arguments: { date: "2026-03-10", values: { weight: "77.4kg" } } }]);
    const corrected = conversation.reply(
      failure("bad_arguments", {
        message: "Unknown field 'weight'. Valid fields: weight_kg, body_fat_pct, ...",
        details: { field: "values.weight", received: "77.4kg" },
      }),
    );
    expect(callsOf(corrected)).toEqual([{ name: "save_measurement", arguments: { date: "2026-03-10", values: { weight_kg: 77.4 } } }]);
    expect(conversation.reply(saved({ date: "2026-03-10", values: { weight_kg: 77.4 }, created: true })).text).toBe(
      "Saved for today, 10 March 2026: weight 77.4 kg.",
    );
  });

  it("keeps naturally written values beside the verbatim pairs, and corrects only what was wrong", () => {
    const conversation = startConversation();
    const first = conversation.say("save weight=77.4kg and waist 82 cm for 2020-01-04");
    expect(callsOf(first)).toEqual([{ name: "save_measurement", arguments: { date: "2020-01-04", values: { weight: "77.4kg", waist_cm: 82 } } }]);
    const corrected = conversation.reply(failure("bad_arguments", { details: { field: "values.weight" } }));
    expect(callsOf(corrected)).toEqual([{ name: "save_measurement", arguments: { date: "2020-01-04", values: { weight_kg: 77.4, waist_cm: 82 } } }]);
  });

  it("does not re-send a pair whose value holds no number: it tells the user instead", () => {
    const conversation = startConversation();
    expect(callsOf(conversation.say("weight=heavy"))).toEqual([{ name: "save_measurement", arguments: { date: "2026-03-10", values: { weight: "heavy" } } }]);
    const answer = conversation.reply(failure("bad_arguments", { details: { field: "values", unknown: ["weight"], valid_values: ["weight_kg"] } }));
    expect(answer.toolCalls).toEqual([]);
    expect(answer.text).toBe('Weight must be a number, and I could not read one in "heavy". Nothing was saved.');
  });

  it("corrects an ordinal date in a save to ISO after bad_arguments", () => {
    const conversation = startConversation();
    expect(callsOf(conversation.say("save weight 77.4 kg on the 4th of March 2020"))).toEqual([
      { name: "save_measurement", arguments: { date: "4th of March 2020", values: { weight_kg: 77.4 } } },
    ]);
    const corrected = conversation.reply(failure("bad_arguments", { details: { field: "date" } }));
    expect(callsOf(corrected)).toEqual([{ name: "save_measurement", arguments: { date: "2020-03-04", values: { weight_kg: 77.4 } } }]);
  });

  it("tells the user what was wrong when a value cannot be corrected, and makes no further call", () => {
    const conversation = startConversation();
    conversation.say("save weight 500 kg for 2020-01-04");
    const answer = conversation.reply(failure("bad_arguments", { details: { field: "weight_kg", received: 500, min: 20, max: 400 } }));
    expect(answer.toolCalls).toEqual([]);
    expect(answer.text).toBe("Weight must be between 20 and 400 kg; you sent 500 kg. Nothing was saved.");
  });

  it("stops correcting after one corrected call is rejected again", () => {
    const conversation = startConversation();
    conversation.say("weight=77.4kg");
    conversation.reply(failure("bad_arguments"));
    const answer = conversation.reply(failure("bad_arguments", { details: { field: "date" } }));
    expect(answer.toolCalls).toEqual([]);
    expect(answer.text).toBe("That request was refused and I could not fix it, so nothing was changed.");
  });

  it("reports an uncertain write honestly if it is ever shown one (the harness normally ends the turn itself)", () => {
    const conversation = startConversation();
    conversation.say("save weight 77.4 kg for 2020-01-03");
    const answer = conversation.reply(failure("outcome_unknown"));
    expect(answer.toolCalls).toEqual([]);
    expect(answer.text).toContain("I can't confirm whether the save for 3 January 2020 completed");
  });
});
