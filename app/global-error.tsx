"use client";
// The page shown when the root layout itself fails (a database that cannot be read, say): it brings its own <html>
// and <body>, and speaks the person's language from the `locale` cookie or the browser's languages.
import { useSyncExternalStore } from "react";
import { defaultLocale } from "@/lib/i18n/locale";
import { localeOfBrowser } from "@/lib/i18n/locale-of-browser";
import { GlobalErrorContent } from "./_components/global-error-content";
import "./globals.css";
import "./shared-ui.css";

const subscribe = () => () => {};
const browserLocale = () => localeOfBrowser({ cookie: document.cookie, languages: navigator.languages });
const serverLocale = () => defaultLocale;

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = useSyncExternalStore(subscribe, browserLocale, serverLocale);
  return <GlobalErrorContent locale={locale} reset={reset} />;
}
