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
 * addressed to. A missing Origin and the opaque "null" (sandboxed frames, some redirects) are refused: a browser sends
 * a real Origin on every same-origin fetch or form POST, so only a forged or cross-site request lacks one.
 */
export function isTrustedOrigin(options: { origin: string | null; requestUrl: string; publicUrl: string }): boolean {
  const { origin, requestUrl, publicUrl } = options;
  if (!origin || origin === "null") return false;
  const claimed = originOf(origin);
  if (!claimed || claimed !== origin.replace(/\/$/, "")) return false;
  return claimed === originOf(publicUrl) || claimed === originOf(requestUrl);
}
