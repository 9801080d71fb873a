import { describe, expect, it } from "vitest";
import { localeOfBrowser } from "@/lib/i18n/locale-of-browser";

describe("localeOfBrowser", () => {
  it("takes the language the person chose from the locale cookie over the browser's", () => {
    expect(localeOfBrowser({ cookie: "theme=dark; locale=pt", languages: ["es-ES", "en"] })).toBe("pt");
  });

  it("falls back to the first supported browser language when no cookie says otherwise", () => {
    expect(localeOfBrowser({ cookie: "theme=dark", languages: ["fr-FR", "es-MX", "en"] })).toBe("es");
  });

  it("ignores a cookie value that is not a supported language and defaults to English", () => {
    expect(localeOfBrowser({ cookie: "locale=xx", languages: ["de"] })).toBe("en");
  });
});
