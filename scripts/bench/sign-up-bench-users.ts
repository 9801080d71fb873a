// One account per load-test connection, through better-auth's own sign-up endpoint; returns each session's bearer token.

/**
 * better-auth limits sign-ups per client address; each bench account presents its own X-Forwarded-For address (the
 * header better-auth is configured to read), so creating the accounts is not throttled. Chat requests are unaffected.
 */
export async function signUpBenchUsers(options: { url: string; count: number; label: string }): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const email = `bench-${options.label}-${index}-${Date.now()}@bench.test`;
    const response = await fetch(`${options.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: options.url, "x-forwarded-for": `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` },
      body: JSON.stringify({ name: `Bench ${index}`, email, password: `bench-password-${index}-long` }),
    });
    const body = (await response.json().catch(() => ({}))) as { token?: string };
    const token = response.headers.get("set-auth-token") ?? body.token;
    if (!response.ok || !token) throw new Error(`sign-up answered ${response.status} without a session token`);
    tokens.push(token);
  }
  return tokens;
}
