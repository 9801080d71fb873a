// The headers every response carries, and the Content-Security-Policy of pages. Pages get a fresh nonce per request
// (proxy.ts makes it, Next.js stamps it on its own scripts), so no inline script and no eval runs without it.

/** A year: browsers remember to use https only; no includeSubDomains, since other hosts of the domain are not ours. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * On every response, pages, API and static files alike. Referrer-Policy is same-origin, not no-referrer: under
 * no-referrer a browser sends `Origin: null` on same-site POSTs, which the cross-site guards refuse.
 */
export function baseSecurityHeaders(options: { publicUrl: string }): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    // Replaced on pages by the full policy below, which denies framing too.
    "content-security-policy": "frame-ancestors 'none'",
  };
  if (new URL(options.publicUrl).protocol === "https:") headers["strict-transport-security"] = `max-age=${HSTS_MAX_AGE_SECONDS}`;
  return headers;
}

/** A nonce of 128 random bits, base64 as CSP expects. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy of pages. 'strict-dynamic' lets the nonce'd scripts load Next's chunks. Styles are allowed inline: React
 * inserts a route's CSS as <style> elements without a nonce on client-side navigation (measured: /traces/:id and the
 * chat blocked under a nonce-only style-src), and React renders `style=` for charts. `next dev` alone needs eval, for
 * React's debugging; a production server never allows it.
 */
export function pageContentSecurityPolicy(options: { nonce: string; development: boolean }): string {
  const scripts = [`'self'`, `'nonce-${options.nonce}'`, `'strict-dynamic'`, ...(options.development ? [`'unsafe-eval'`] : [])];
  return [
    `default-src 'self'`,
    `script-src ${scripts.join(" ")}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'`,
    // The import's Web Worker (app/measurements/import-worker.ts): a script of this origin, which 'strict-dynamic' alone does not admit.
    `worker-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join("; ");
}
