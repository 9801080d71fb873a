// One account per load-test connection, through better-auth's own sign-up and sign-in endpoints; returns each session's
// bearer token.

/**
 * better-auth limits sign-ups per client address; each bench account presents its own X-Forwarded-For address (the
 * header better-auth is configured to read), so creating the accounts is not throttled. Chat requests are unaffected.
 */
export async function signUpBenchUsers(options: { url: string; count: number; label: string }): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const email = `bench-${options.label}-${index}-${Date.now()}@bench.test`;
    const headers = { "content-type": "application/json", origin: options.url, "x-forwarded-for": `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` };
    const password = `bench-${crypto.randomUUID()}`;
    const signUp = await fetch(`${options.url}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ name: `Bench ${index}`, email, password }) });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
    // Sign-up opens no session (its answer must not tell a taken email from a new one): sign in for the token.
    const signIn = await fetch(`${options.url}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
    const token = signIn.headers.get("set-auth-token");
    if (!signIn.ok || !token) throw new Error(`sign-in answered ${signIn.status} without a session token`);
    tokens.push(token);
  }
  return tokens;
}
