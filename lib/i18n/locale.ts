// The languages Palestra speaks, and how a request's language is chosen.
export const locales = ["en", "es", "pt"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";
/** The cookie that holds the language a person picked. */
export const LOCALE_COOKIE = "locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Picks the first supported language of an Accept-Language header ("pt-BR,pt;q=0.9" -> "pt"). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return defaultLocale;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((param) => param.trim().startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", quality: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.base !== "" && Number.isFinite(entry.quality))
    .sort((a, b) => b.quality - a.quality);
  return ranked.map((entry) => entry.base).find(isLocale) ?? defaultLocale;
}
