// GET /sw.js: the service worker (service-worker.ts), with the offline page's words from lib/i18n. Served from the
// root so its scope is the whole app; never stored by the browser's HTTP cache, so a new build's worker is seen at once.
import { offlineText } from "@/lib/i18n/offline-text";
import { locales } from "@/lib/i18n/locale";
import { serviceWorker, type ServiceWorkerSettings } from "./service-worker";

export const dynamic = "force-static";

/** Bumped when the shell list changes; the worker deletes shell caches of other versions when it activates. */
const SHELL_CACHE = "palestra-shell-v1";

export function GET(): Response {
  const settings: ServiceWorkerSettings = {
    shellCache: SHELL_CACHE,
    pagesCache: "palestra-pages",
    shell: ["/manifest.webmanifest", "/icon.svg", "/icon-192.png", "/icon-512.png", "/icon-maskable-512.png", "/apple-touch-icon.png", "/favicon.ico"],
    fallback: Object.fromEntries(
      locales.map((locale) => {
        const text = offlineText[locale];
        return [locale, { title: text.fallbackTitle, text: text.fallbackText, link: text.fallbackLink }];
      }),
    ),
  };
  const source = `"use strict";\n(${serviceWorker.toString()})(${JSON.stringify(settings)});\n`;
  return new Response(source, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache", "service-worker-allowed": "/" },
  });
}
