// The whole document shown when the root layout fails, in one language (app/global-error.tsx picks it).
import { statusPageText } from "@/lib/i18n/status-page-text";
import type { Locale } from "@/lib/i18n/locale";

export function GlobalErrorContent({ locale, reset }: { locale: Locale; reset: () => void }) {
  const text = statusPageText[locale];
  return (
    <html lang={locale}>
      {/* The root layout's metadata is what failed, so the page names itself as the others are named. */}
      <head>
        <title>{`${text.errorTitle} · Palestra`}</title>
      </head>
      <body>
        <main id="main">
          <section className="card narrow status-page" role="alert" data-testid="global-error-page">
            <h1>{text.errorTitle}</h1>
            <p>{text.errorText}</p>
            <div className="form-actions">
              <button type="button" className="button" onClick={reset}>
                {text.retry}
              </button>
              {/* A full load: the root layout is what failed, so a client navigation would not get past it. */}
              <a href="/" className="button button-quiet">
                {text.home}
              </a>
            </div>
          </section>
        </main>
      </body>
    </html>
  );
}
