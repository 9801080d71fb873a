// The top bar: the brand, the navigation for signed-in people, language, theme and sign-in or sign-out; all of it
// behind Menu on a phone, so the header is one row for visitors too.
import Link from "next/link";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import type { Locale } from "@/lib/i18n/locale";
import type { SessionUser } from "@/lib/session";
import type { ThemeChoice } from "@/lib/theme";
import { HeaderFrame } from "./header-frame";
import { signOutAction } from "./header-actions";
import { LanguageSwitch } from "./language-switch";
import { NavLink } from "./nav-link";
import { ThemeSwitch } from "./theme-switch";

/** `canOperate`: the operator area is offered to this person (administrators, and everyone in QA mode). */
type AppHeaderProps = { user: SessionUser | null; canOperate: boolean; locale: Locale; theme: ThemeChoice; dictionary: Dictionary };

export function AppHeader({ user, canOperate, locale, theme, dictionary }: AppHeaderProps) {
  const text = dictionary.header;
  // Everyday pages first; traces, metrics and QA live behind one link to the operator area.
  const links = [
    { href: "/", label: text.coach, testId: "nav-coach" },
    { href: "/measurements", label: text.measurements, testId: "nav-measurements" },
    { href: "/account", label: text.account, testId: "nav-account" },
    ...(canOperate ? [{ href: "/operator", label: dictionary.operator.areaLabel, testId: "nav-operator", area: ["/traces", "/metrics", "/qa"] }] : []),
  ];
  return (
    <HeaderFrame
      menuLabel={text.menu}
      hasMenu
      brand={
        <Link href="/" className="brand" data-testid="brand">
          {/* eslint-disable-next-line @next/next/no-img-element -- a 1 kB SVG needs no image optimizer */}
          <img src="/icon.svg" alt="" width={26} height={26} />
          Palestra
        </Link>
      }
    >
      {user ? (
        <nav aria-label={text.navigationLabel} className="main-nav">
          {links.map((link) => (
            <NavLink key={link.href} {...link} />
          ))}
        </nav>
      ) : null}
      <div className="header-tools">
        <LanguageSwitch locale={locale} dictionary={dictionary} />
        <ThemeSwitch theme={theme} dictionary={dictionary} />
        {user ? (
          // data-clears-offline: this device's pages cache and queue of saves go with the session (offline-script.ts).
          <form action={signOutAction} data-clears-offline="">
            <button type="submit" className="button button-quiet button-small" data-testid="sign-out">
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                width="16"
                height="16"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M6 2.5H3.5v11H6M10.5 5l3 3-3 3M13.5 8H6.5" />
              </svg>
              {text.signOut}
            </button>
          </form>
        ) : (
          <>
            <Link href="/login" className="button button-quiet button-small" data-testid="nav-login">
              {text.logIn}
            </Link>
            <Link href="/signup" className="button button-small" data-testid="nav-signup">
              {text.signUp}
            </Link>
          </>
        )}
      </div>
    </HeaderFrame>
  );
}
