import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GlobalErrorContent } from "@/app/_components/global-error-content";
import { landingText } from "@/lib/i18n/landing-text";
import { locales } from "@/lib/i18n/locale";

describe("GlobalErrorContent", () => {
  it.each(locales)("renders a whole document in %s with the error, a retry and a way home", (locale) => {
    const html = renderToStaticMarkup(createElement(GlobalErrorContent, { locale, reset: () => {} }));
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<h1>${landingText[locale].errorTitle}</h1>`);
    expect(html).toContain(landingText[locale].retry);
    expect(html).toContain(`href="/"`);
  });
});
