"use client";
// The error page of every route, in the page's language (read from <html lang>, which the root layout set).
import Link from "next/link";
import { useSyncExternalStore } from "react";
import { statusPageText } from "@/lib/i18n/status-page-text";
import { defaultLocale, isLocale } from "@/lib/i18n/locale";

const subscribe = () => () => {};
const documentLocale = () => document.documentElement.lang;
const serverLocale = () => defaultLocale;

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const lang = useSyncExternalStore(subscribe, documentLocale, serverLocale);
  const text = statusPageText[isLocale(lang) ? lang : defaultLocale];
  return (
    <section className="card narrow status-page" role="alert" data-testid="error-page">
      <h1>{text.errorTitle}</h1>
      <p>{text.errorText}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={reset}>
          {text.retry}
        </button>
        <Link href="/" className="button button-quiet">
          {text.home}
        </Link>
      </div>
    </section>
  );
}
