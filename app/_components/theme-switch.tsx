// The theme choice (follow the system, light, dark): submit buttons, so it works with the keyboard and without JavaScript.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { themeChoices, type ThemeChoice } from "@/lib/theme";
import { setThemeAction } from "./header-actions";

const icons: Record<ThemeChoice, React.ReactNode> = {
  system: (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor">
      <path d="M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Zm0 1.5v10a5 5 0 0 1 0-10Z" />
    </svg>
  ),
  light: (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor">
      <circle cx="8" cy="8" r="3.2" />
      <path
        d="M8 .8v2M8 13.2v2M.8 8h2M13.2 8h2M2.9 2.9l1.4 1.4M11.7 11.7l1.4 1.4M2.9 13.1l1.4-1.4M11.7 4.3l1.4-1.4"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  ),
  dark: (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor">
      <path d="M13.6 10.4A6 6 0 0 1 5.6 2.4a6 6 0 1 0 8 8Z" />
    </svg>
  ),
};

export function ThemeSwitch({ theme, dictionary }: { theme: ThemeChoice; dictionary: Dictionary }) {
  const text = dictionary.header;
  return (
    <form action={setThemeAction} className="segmented theme-switch" aria-label={text.theme} data-testid="theme-switch">
      {themeChoices.map((option) => (
        <button
          key={option}
          type="submit"
          name="theme"
          value={option}
          aria-pressed={option === theme}
          title={text.themes[option]}
          data-testid={`theme-${option}`}
        >
          {icons[option]}
          <span className="visually-hidden">{text.themes[option]}</span>
        </button>
      ))}
    </form>
  );
}
