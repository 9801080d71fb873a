// The client address a request is counted under: X-Forwarded-For, which scripts/serve.mjs sets to the TCP peer (or
// leaves to the reverse proxy with PALESTRA_TRUST_PROXY), as better-auth's sign-in limit reads it (lib/account/get-auth.ts).

/** Requests whose address cannot be told share one count rather than escaping it. */
export const UNKNOWN_CLIENT_ADDRESS = "unknown";

export function clientAddressOf(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.trim();
  return forwarded ? forwarded.slice(0, 200) : UNKNOWN_CLIENT_ADDRESS;
}
