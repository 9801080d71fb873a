// The language of the current request: the `locale` cookie when set, else the browser's Accept-Language.
import { cookies, headers } from "next/headers";
import { dictionaries, type Dictionary } from "./dictionaries";
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from "./locale";

export { LOCALE_COOKIE };

export async function getLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
}

export async function getDictionary(): Promise<{ locale: Locale; dictionary: Dictionary }> {
  const locale = await getLocale();
  return { locale, dictionary: dictionaries[locale] };
}
