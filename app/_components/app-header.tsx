// The top bar: the brand, the navigation for signed-in people, the language switch and sign-out.
import Link from "next/link";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import type { Locale } from "@/lib/i18n/locale";
import type { SessionUser } from "@/lib/session";
import { signOutAction } from "./header-actions";
import { LanguageSwitch } from "./language-switch";
import { NavLink } from "./nav-link";

type AppHeaderProps = { user: SessionUser | null; qaEnabled: boolean; locale: Locale; dictionary: Dictionary };

export function AppHeader({ user, qaEnabled, locale, dictionary }: AppHeaderProps) {
  const text = dictionary.header;
  const links = [
    { href: "/", label: text.coach, testId: "nav-coach" },
    { href: "/measurements", label: text.measurements, testId: "nav-measurements" },
    { href: "/traces", label: text.traces, testId: "nav-traces" },
    { href: "/metrics", label: text.metrics, testId: "nav-metrics" },
    ...(qaEnabled ? [{ href: "/qa", label: text.qa, testId: "nav-qa" }] : []),
    { href: "/account", label: text.account, testId: "nav-account" },
  ];
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link href="/" className="brand" data-testid="brand">
          Palestra
        </Link>
        {user ? (
          <nav aria-label={text.navigationLabel} className="main-nav">
            {links.map((link) => (
              <NavLink key={link.href} {...link} />
            ))}
          </nav>
        ) : null}
        <div className="header-tools">
          <LanguageSwitch locale={locale} dictionary={dictionary} />
          {user ? (
            <form action={signOutAction}>
              <button type="submit" className="button button-quiet" data-testid="sign-out">
                {text.signOut}
              </button>
            </form>
          ) : (
            <>
              <Link href="/login" className="button button-quiet" data-testid="nav-login">
                {text.logIn}
              </Link>
              <Link href="/signup" className="button" data-testid="nav-signup">
                {text.signUp}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
