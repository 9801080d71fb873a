// The language of a page that has no server request to ask (the root error page): the `locale` cookie the person
// chose when the page can read it, else the browser's languages, chosen as the server chooses them.
import { localeOfHeaders } from "./locale-of-headers";
import type { Locale } from "./locale";

export function localeOfBrowser({ cookie, languages }: { cookie: string; languages: readonly string[] }): Locale {
  return localeOfHeaders(new Headers({ cookie, "accept-language": languages.join(",") }));
}
