import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GlobalErrorContent } from "@/app/_components/global-error-content";
import { statusPageText } from "@/lib/i18n/status-page-text";
import { locales } from "@/lib/i18n/locale";

describe("GlobalErrorContent", () => {
  it.each(locales)("renders a whole document in %s with the error, a retry and a way home", (locale) => {
    const html = renderToStaticMarkup(createElement(GlobalErrorContent, { locale, reset: () => {} }));
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<h1>${statusPageText[locale].errorTitle}</h1>`);
    expect(html).toContain(statusPageText[locale].retry);
    expect(html).toContain(`href="/"`);
  });
});
