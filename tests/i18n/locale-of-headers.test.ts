import { describe, expect, it } from "vitest";
import { localeOfHeaders } from "@/lib/i18n/locale-of-headers";

describe("localeOfHeaders", () => {
  it("prefers the locale cookie, then Accept-Language, then English", () => {
    expect(localeOfHeaders(new Headers({ cookie: "a=1; locale=es", "accept-language": "pt-BR" }))).toBe("es");
    expect(localeOfHeaders(new Headers({ cookie: "locale=xx", "accept-language": "pt-BR,pt;q=0.9" }))).toBe("pt");
    expect(localeOfHeaders(new Headers())).toBe("en");
    expect(localeOfHeaders(undefined)).toBe("en");
  });
});
