// The language choice: one submit button per language, so it works with the keyboard and without JavaScript.
import { locales, type Locale } from "@/lib/i18n/locale";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { setLocaleAction } from "./header-actions";

export function LanguageSwitch({ locale, dictionary }: { locale: Locale; dictionary: Dictionary }) {
  return (
    <form action={setLocaleAction} className="segmented language-switch" aria-label={dictionary.header.language} data-testid="language-switch">
      {locales.map((option) => (
        <button
          key={option}
          type="submit"
          name="locale"
          value={option}
          lang={option}
          aria-pressed={option === locale}
          title={dictionary.languageNames[option]}
          data-testid={`language-${option}`}
        >
          {option.toUpperCase()}
        </button>
      ))}
    </form>
  );
}
