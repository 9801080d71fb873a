import { describe, expect, it } from "vitest";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import { successOutcome } from "@/lib/outcome/tool-outcome";
import { callsOf, failure, startConversation, systemPrompt } from "./offline-conversation";

function firstCall(text: string) {
  return callsOf(decideNextStep({ system: systemPrompt(), history: [{ type: "user", text }] }));
}

function listed(options: { from: string; to: string; records: Array<{ date: string; values: Record<string, number> }>; complete?: boolean }) {
  return successOutcome({ from: options.from, to: options.to, complete: options.complete ?? true, records: options.records });
}

describe("offline brain: listing a range", () => {
  it.each([
    ["show my measurements from 2020-01-01 to 2020-01-31", { from: "2020-01-01", to: "2020-01-31" }],
    ["list January 2020", { from: "2020-01-01", to: "2020-01-31" }],
    ["last 30 days", { from: "2026-02-09", to: "2026-03-10" }],
    ["show my weight for the last 2 weeks", { from: "2026-02-25", to: "2026-03-10", fields: ["weight_kg"] }],
    ["muestra mis medidas del 2020-01-01 al 2020-01-31", { from: "2020-01-01", to: "2020-01-31" }],
    ["lista enero de 2020", { from: "2020-01-01", to: "2020-01-31" }],
    ["muéstrame los últimos 30 días", { from: "2026-02-09", to: "2026-03-10" }],
    ["mostre minhas medidas de 2020-01-01 a 2020-01-31", { from: "2020-01-01", to: "2020-01-31" }],
    ["liste março de 2020", { from: "2020-03-01", to: "2020-03-31" }],
    ["mostre minha cintura dos últimos 3 meses", { from: "2025-12-11", to: "2026-03-10", fields: ["waist_cm"] }],
    ["show March", { from: "2026-03-01", to: "2026-03-10" }],
  ])("turns %j into one list call", (text, expected) => {
    expect(firstCall(text)).toEqual([{ name: "list_measurements", arguments: expected }]);
  });

  it("summarizes the records the tool returned", () => {
    const conversation = startConversation();
    conversation.say("show my measurements from 2020-01-01 to 2020-01-31");
    const answer = conversation.reply(
      listed({
        from: "2020-01-01",
        to: "2020-01-31",
        records: [
          { date: "2020-01-04", values: { weight_kg: 77.4, waist_cm: 82 } },
          { date: "2020-01-01", values: { weight_kg: 76 } },
        ],
      }),
    );
    expect(answer.toolCalls).toEqual([]);
    expect(answer.text).toBe(
      ["From 1 January 2020 to 31 January 2020 you have 2 records:", "- 1 January 2020: weight 76 kg", "- 4 January 2020: weight 77.4 kg, waist 82 cm"].join(
        "\n",
      ),
    );
  });

  it("says the whole range holds no records only when the result is complete", () => {
    const conversation = startConversation({ locale: "es" });
    conversation.say("lista enero de 2020");
    const empty = conversation.reply(listed({ from: "2020-01-01", to: "2020-01-31", records: [] }));
    expect(empty.text).toBe("No hay ningún registro de medidas del 1 de enero de 2020 al 31 de enero de 2020: se leyó todo el intervalo y está vacío.");

    const partial = startConversation();
    partial.say("list January 2020");
    const unknown = partial.reply(listed({ from: "2020-01-01", to: "2020-01-31", records: [], complete: false }));
    expect(unknown.text).toContain("I can't read your measurements from 1 January 2020 to 31 January 2020 right now");
    expect(unknown.text).not.toContain("There are no measurement records");
  });

  it("narrows a too large range to the most recent span named in the details, and says so", () => {
    const conversation = startConversation();
    expect(callsOf(conversation.say("list 2018-01-01 to 2020-12-31"))).toEqual([
      { name: "list_measurements", arguments: { from: "2018-01-01", to: "2020-12-31" } },
    ]);
    const narrowed = conversation.reply(failure("range_too_large", { details: { from: "2018-01-01", to: "2020-12-31", max_days: 366 } }));
    expect(callsOf(narrowed)).toEqual([{ name: "list_measurements", arguments: { from: "2020-01-01", to: "2020-12-31" } }]);
    const answer = conversation.reply(listed({ from: "2020-01-01", to: "2020-12-31", records: [{ date: "2020-06-01", values: { weight_kg: 75 } }] }));
    expect(answer.text).toBe(
      [
        "That range is longer than I can list at once (at most 366 days), so I listed the most recent part. From 1 January 2020 to 31 December 2020 you have 1 record:",
        "- 1 June 2020: weight 75 kg",
      ].join("\n"),
    );
  });

  it("narrows to the documented limit when the error carries no details", () => {
    const conversation = startConversation();
    conversation.say("show my weight from 2010-01-01 to 2026-03-10");
    const narrowed = conversation.reply(failure("range_too_large"));
    expect(callsOf(narrowed)).toEqual([{ name: "list_measurements", arguments: { from: "2025-03-10", to: "2026-03-10", fields: ["weight_kg"] } }]);
  });

  it("says the range cannot be read right now after unavailable, never that it is empty", () => {
    const conversation = startConversation({ locale: "pt" });
    conversation.say("mostre minhas medidas dos últimos 30 dias");
    const answer = conversation.reply(failure("unavailable"));
    expect(answer.toolCalls).toEqual([]);
    expect(answer.text).toBe(
      "No momento não consigo ler suas medidas de 9 de fevereiro de 2026 a 10 de março de 2026, então não se sabe o que está salvo. Tente novamente mais tarde.",
    );
  });

  it("sends ordinal range ends as written first, then ISO dates after bad_arguments", () => {
    const conversation = startConversation();
    expect(callsOf(conversation.say("show my measurements from the 1st of January 2020 to 2020-01-31"))).toEqual([
      { name: "list_measurements", arguments: { from: "1st of January 2020", to: "2020-01-31" } },
    ]);
    const corrected = conversation.reply(failure("bad_arguments", { details: { field: "from" } }));
    expect(callsOf(corrected)).toEqual([{ name: "list_measurements", arguments: { from: "2020-01-01", to: "2020-01-31" } }]);
  });
});

describe("offline brain: open and future ranges", () => {
  it("lists from a date up to today for 'since' / 'desde'", () => {
    expect(firstCall("show my weight since 2026-01-01")).toEqual([
      { name: "list_measurements", arguments: { from: "2026-01-01", to: "2026-03-10", fields: ["weight_kg"] } },
    ]);
    expect(firstCall("muestra mis medidas desde el 1 de febrero de 2026")).toEqual([
      { name: "list_measurements", arguments: { from: "2026-02-01", to: "2026-03-10" } },
    ]);
  });

  it("stops a range that runs past today at today, but leaves a range wholly in the future as asked", () => {
    expect(firstCall("list from 2026-03-01 to 2026-04-30")).toEqual([{ name: "list_measurements", arguments: { from: "2026-03-01", to: "2026-03-10" } }]);
    expect(firstCall("list December 2026")).toEqual([{ name: "list_measurements", arguments: { from: "2026-12-01", to: "2026-12-31" } }]);
  });
});
