// A sentence that ends with what the person typed gets one final stop, not two.
import { describe, expect, it } from "vitest";
import { accountSettingsText } from "@/lib/i18n/account-text";
import { formatSentence } from "@/lib/i18n/format-message";

describe("formatSentence", () => {
  it("drops the template's final full stop after a name that ends a sentence itself, in every language", () => {
    expect(formatSentence(accountSettingsText.en.nameSaved, { name: "Alex W." })).toBe("Saved: you are now Alex W.");
    expect(formatSentence(accountSettingsText.es.nameSaved, { name: "Alex W." })).toBe("Guardado: ahora eres Alex W.");
    expect(formatSentence(accountSettingsText.pt.nameSaved, { name: "Alex W." })).toBe("Salvo: agora você é Alex W.");
    expect(formatSentence(accountSettingsText.en.nameSaved, { name: "Who?" })).toBe("Saved: you are now Who?");
  });

  it("keeps the full stop after any other name, and leaves templates that do not end on the value alone", () => {
    expect(formatSentence(accountSettingsText.en.nameSaved, { name: "Ana Lima" })).toBe("Saved: you are now Ana Lima.");
    expect(formatSentence("Hello {name}, welcome.", { name: "Alex W." })).toBe("Hello Alex W., welcome.");
    expect(formatSentence("{name} saved.", { name: "x" })).toBe("x saved.");
  });
});
