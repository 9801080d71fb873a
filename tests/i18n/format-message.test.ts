// The one formatter: what it fills at run time, and what the compiler refuses before it runs. The @ts-expect-error
// lines are the type-level half: `npx tsc --noEmit` checks this file, and fails if one of them stops being an error.
import { describe, expect, it } from "vitest";
import { dictionaries, type Dictionary } from "@/lib/i18n/dictionaries";
import { formatPlural } from "@/lib/i18n/format";
import { formatMessage, formatSentence } from "@/lib/i18n/format-message";
import type { MessageText } from "@/lib/i18n/message-text";

describe("formatMessage", () => {
  it("fills every placeholder with its value, in any order and as often as it appears", () => {
    expect(formatMessage(dictionaries.en.measurements.conflict, { date: "4 January 2020", stored: "80 kg", proposed: "81 kg" })).toBe(
      "4 January 2020 already holds 80 kg. You entered 81 kg. Nothing was changed.",
    );
    expect(formatMessage("{a} and {b}, then {a} again", { a: 1, b: "two" })).toBe("1 and two, then 1 again");
  });

  it("takes a translation's parameters from the English text, whatever order the translation puts them in", () => {
    const values = { date: "4 de enero de 2020", stored: "80 kg", proposed: "81 kg" };
    expect(formatMessage(dictionaries.es.measurements.conflict, values)).toContain("80 kg");
    expect(formatMessage(dictionaries.pt.measurements.conflict, values)).toContain("81 kg");
  });

  it("returns a message without placeholders as it is", () => {
    expect(formatMessage(dictionaries.en.measurements.title)).toBe("Measurements");
  });

  it("never fills a placeholder from an object's prototype", () => {
    expect(formatMessage("{constructor} {toString}" as MessageText<string>, {})).toBe("{constructor} {toString}");
  });

  it("is what formatPlural fills the chosen form with: {count} localized, the other values as given", () => {
    expect(formatPlural(dictionaries.en.chat.toolAttempts, 1, "en", { latency: 12 })).toBe("1 attempt, 12 ms");
    expect(formatPlural(dictionaries.en.chat.toolAttempts, 1200, "en", { latency: 7 })).toBe("1,200 attempts, 7 ms");
    expect(formatPlural(dictionaries.es.chat.toolAttempts, 1200, "es", { latency: 7 })).toBe("1200 intentos, 7 ms");
  });

  it("refuses a missing, misspelled or surplus parameter at compile time (run time leaves the placeholder visible)", () => {
    const text = dictionaries.en.measurements;
    // @ts-expect-error -- {date} is missing.
    expect(formatMessage(text.saved, {})).toBe("Saved the measurement for {date}.");
    // @ts-expect-error -- "dtae" is not a placeholder of the message, and {date} is missing.
    expect(formatMessage(text.saved, { dtae: "4 January 2020" })).toBe("Saved the measurement for {date}.");
    // @ts-expect-error -- a message with placeholders needs its values.
    expect(formatMessage(text.saved)).toBe("Saved the measurement for {date}.");
    // @ts-expect-error -- a message without placeholders takes none.
    expect(formatMessage(text.title, { date: "4 January 2020" })).toBe("Measurements");
    // @ts-expect-error -- a plain string's placeholders are unknown, so it takes no values.
    expect(formatMessage(String(text.saved), { date: "4 January 2020" })).toBe("Saved the measurement for 4 January 2020.");
    // @ts-expect-error -- {latency} is missing from the plural's values.
    expect(formatPlural(dictionaries.en.chat.toolAttempts, 2, "en", {})).toBe("2 attempts, {latency} ms");
    // @ts-expect-error -- {name} is missing.
    expect(formatSentence(dictionaries.en.accountSettings.nameSaved, {})).toBe("Saved: you are now {name}.");
  });

  it("makes a translation that drops a placeholder a compile error where the translation is written", () => {
    // @ts-expect-error -- the Spanish text must hold {date}, as the English one does.
    const dropped: Dictionary["measurements"]["saved"] = "Guardada la medición.";
    const kept: Dictionary["measurements"]["saved"] = "Guardada la medición del {date}.";
    expect(formatMessage(kept, { date: "4 de enero" })).toBe("Guardada la medición del 4 de enero.");
    expect(formatMessage(dropped, { date: "4 de enero" })).toBe("Guardada la medición.");
  });
});
