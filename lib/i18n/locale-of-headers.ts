// The language of a request from its headers alone (for code that has no Next.js request scope, such as better-auth's
// hooks): the `locale` cookie when set, else Accept-Language, as the pages choose it.
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from "./locale";

export function localeOfHeaders(headers: Headers | undefined): Locale {
  const cookie = headers?.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === LOCALE_COOKIE) {
      const chosen = decodeURIComponent(value.join("="));
      if (isLocale(chosen)) return chosen;
    }
  }
  return localeFromAcceptLanguage(headers?.get("accept-language"));
}
