import { describe, expect, it } from "vitest";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import { detectLanguage } from "@/lib/agent/providers/offline/detect-language";
import { findDateMentions } from "@/lib/agent/providers/offline/find-date-mentions";
import { formatValue } from "@/lib/agent/providers/offline/format-measurements";
import { interpretUserMessage } from "@/lib/agent/providers/offline/interpret-user-message";

const today = "2026-03-10";
const daysIn = (text: string) =>
  findDateMentions({ text, today }).map((mention) =>
    mention.kind === "day" ? mention.iso : mention.kind === "range" ? `${mention.from}..${mention.to}` : `?${mention.reason}`,
  );

describe("offline brain: reading the user's words", () => {
  it.each([
    ["2020-01-02", ["2020-01-02"]],
    ["January 2, 2020", ["2020-01-02"]],
    ["Jan 2 2020", ["2020-01-02"]],
    ["March 4th, 2020", ["2020-03-04"]],
    ["4 out 2020", ["2020-10-04"]],
    ["2 de janeiro de 2020", ["2020-01-02"]],
    ["el 2 de enero del 2020", ["2020-01-02"]],
    // Without a year: this year's day, asked about when it is still ahead; 29 February of a year without one is none.
    ["24 December", ["?future_yearless"]],
    ["29 February", ["?impossible"]],
    ["the day before yesterday", ["2026-03-08"]],
    ["anteontem", ["2026-03-08"]],
    ["esta mañana", ["2026-03-10"]],
    ["2020-02-30", ["?impossible"]],
    ["this month", ["2026-03-01..2026-03-10"]],
    ["últimos 7 días", ["2026-03-04..2026-03-10"]],
  ])("reads %j", (text, expected) => {
    expect(daysIn(text)).toEqual(expected);
  });

  it("finds a fallback written as a full date or as the day before", () => {
    expect(interpretUserMessage({ text: "what did I weigh on 2020-01-02? if not, try 2019-12-31", today, hasPendingConflict: false })).toMatchObject({
      kind: "read",
      dates: [{ iso: "2020-01-02" }],
      fallback: { iso: "2019-12-31" },
    });
    expect(
      interpretUserMessage({ text: "¿cuánto pesaba el 2 de enero de 2020? si no hay nada, el día anterior", today, hasPendingConflict: false }),
    ).toMatchObject({
      fallback: { iso: "2020-01-01" },
    });
  });

  it("does not take date digits or a note's digits for measurement values", () => {
    expect(interpretUserMessage({ text: "what did I weigh on 4 March 2020?", today, hasPendingConflict: false }).kind).toBe("read");
    expect(interpretUserMessage({ text: "waist 82 cm on 2020-01-04, note: 3 days of rest", today, hasPendingConflict: false })).toMatchObject({
      kind: "save",
      date: { iso: "2020-01-04" },
      values: { waist_cm: 82 },
      note: "3 days of rest",
    });
  });

  it.each([
    ["what did I weigh on 2 January 2020?", "en"],
    ["¿cuánto pesaba el 2 de enero de 2020?", "es"],
    ["quanto eu pesava em 2 de janeiro de 2020?", "pt"],
    ["sí, reemplázalo", "es"],
    ["sim, substitua", "pt"],
    // Thanks and greetings answer in the language they are said in, whatever the page's language.
    ["obrigado!", "pt"],
    ["muchas gracias", "es"],
    ["thanks!", "en"],
    ["boa tarde", "pt"],
    ["2020-01-02", undefined],
    ["peso 77", undefined],
  ])("detects the language of %j", (text, expected) => {
    expect(detectLanguage(text)).toBe(expected);
  });

  it("formats values with their units per locale", () => {
    expect(formatValue({ field: "weight_kg", value: 77.4, locale: "en" })).toBe("77.4 kg");
    expect(formatValue({ field: "weight_kg", value: 77.4, locale: "es" })).toBe("77,4 kg");
    expect(formatValue({ field: "body_fat_pct", value: 18, locale: "en" })).toBe("18%");
    expect(formatValue({ field: "body_fat_pct", value: 18, locale: "pt" })).toBe("18 %");
    expect(formatValue({ field: "waist_cm", value: 82, locale: "pt" })).toBe("82 cm");
  });

  it("is a pure function: the same input gives the same response and the history is not changed", () => {
    const history = [{ type: "user" as const, text: "what did I weigh on 2020-01-02?" }];
    const snapshot = JSON.stringify(history);
    const first = decideNextStep({ history, today });
    expect(decideNextStep({ history, today })).toEqual(first);
    expect(JSON.stringify(history)).toBe(snapshot);
  });
});
