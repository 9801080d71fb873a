// The harness's own stop messages are read by the person as the Coach's answer: plain words in their language.
import { describe, expect, it } from "vitest";
import { turnMessages } from "@/lib/agent/messages/turn-messages";
import { stopMessage } from "@/lib/agent/stop-conditions";
import { toolErrorCodes } from "@/lib/outcome/tool-outcome";
import { locales } from "@/lib/i18n/locale";

const jargon = /\d{4}-\d{2}-\d{2}|_measurement|idempoten|[a-z]+_[a-z]+|\{|\}/;

describe("harness stop messages", () => {
  it.each(locales)("write the date in words and name no tool, code or key in %s", (locale) => {
    const texts = [
      ...toolErrorCodes.map((code) => stopMessage({ code, locale, date: "2020-01-04" })),
      ...["save_measurement", "read_measurement", "list_measurements", "mystery_tool"].map((tool) =>
        turnMessages[locale].repeatedFailure({ tool, code: "bad_arguments" }),
      ),
      turnMessages[locale].roundLimit({ limit: 6 }),
    ];
    for (const text of texts) expect(text).not.toMatch(jargon);
  });

  it.each([
    ["en", "The measurement for 4 January 2020 was not saved"],
    ["es", "La medida del 4 de enero de 2020 no se guardó"],
    ["pt", "A medida de 4 de janeiro de 2020 não foi salva"],
  ] as const)("formats the date of a failed save through Intl in %s", (locale, expected) => {
    expect(stopMessage({ code: "write_failed", locale, date: "2020-01-04" })).toContain(expected);
  });

  it("says what was repeated in plain words", () => {
    expect(turnMessages.en.repeatedFailure({ tool: "save_measurement", code: "bad_arguments" })).toBe(
      "I stopped: saving your measurement failed twice in the same way, so I did not try a third time. Nothing else was changed.",
    );
  });
});
