// The built-in coach is configured as "offline", but no page the chat, the traces or the metrics show calls it that,
// and it is named as having no AI model, in every language (offline-coach.md §5).
import { describe, expect, it } from "vitest";
import { dictionaries } from "@/lib/i18n/dictionaries";
import { isBuiltInCoach, modelLabel, providerLabel } from "@/lib/i18n/coach-name";
import { locales } from "@/lib/i18n/locale";

const noModelWords = { en: "no AI model", es: "sin modelo de IA", pt: "sem modelo de IA" } as const;

/** Every string of a dictionary section, however deeply nested. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

describe.each(locales)("the built-in coach's name in %s", (locale) => {
  it("labels the configured provider 'offline' as the built-in coach with no AI model, and leaves other providers alone", () => {
    const label = providerLabel("offline", locale);
    expect(label).toContain(noModelWords[locale]);
    expect(label.toLowerCase()).not.toContain("offline");
    expect(providerLabel("anthropic", locale)).toBe("anthropic");
  });

  it("shows no model for the built-in coach, the model's name for a model provider", () => {
    expect(isBuiltInCoach("offline")).toBe(true);
    expect(isBuiltInCoach("openai")).toBe(false);
    expect(modelLabel("offline", "palestra-rules-1")).toBeNull();
    expect(modelLabel("openai", "gpt-5-mini")).toBe("gpt-5-mini");
  });

  it("says the chat's answers come from the built-in coach (no AI model), and no chat, traces or metrics string says offline", () => {
    const dictionary = dictionaries[locale];
    expect(dictionary.chat.trust.builtIn).toContain(`(${noModelWords[locale]})`);
    for (const text of [...stringsOf(dictionary.chat), ...stringsOf(dictionary.traces), ...stringsOf(dictionary.metrics)]) {
      expect(text.toLowerCase()).not.toContain("offline");
    }
  });
});
