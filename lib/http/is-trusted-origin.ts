// The cross-site request check for cookie sessions: a mutation must name our own origin (pure, so it is unit-tested).

/** Methods that never change anything; every other method is a mutation. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * True when the Origin header equals the configured public origin (BETTER_AUTH_URL) or the origin the request was
 * addressed to. A missing Origin is refused like a foreign one unless the browser's own `Sec-Fetch-Site: same-origin`
 * stands in for it (a header no page can set); the opaque "null" (sandboxed frames, some redirects) is refused always.
 */
export function isTrustedOrigin(options: { origin: string | null; fetchSite?: string | null; requestUrl: string; publicUrl: string }): boolean {
  const { origin, requestUrl, publicUrl } = options;
  if (!origin) return options.fetchSite?.trim().toLowerCase() === "same-origin";
  if (origin === "null") return false;
  const claimed = originOf(origin);
  if (!claimed || claimed !== origin.replace(/\/$/, "")) return false;
  return claimed === originOf(publicUrl) || claimed === originOf(requestUrl);
}
