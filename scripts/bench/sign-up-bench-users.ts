// One account per load-test connection (or person), through better-auth's own sign-up and sign-in endpoints; returns
// each session's bearer token, in order.

async function signUpOne(options: { url: string; label: string; index: number }): Promise<string> {
  const { url, label, index } = options;
  const email = `bench-${label}-${index}-${Date.now()}@bench.test`;
  const headers = { "content-type": "application/json", origin: url, "x-forwarded-for": `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` };
  // Random, so the password policy's strength estimate accepts it.
  const password = `bench-${crypto.randomUUID()}`;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ name: `Bench ${index}`, email, password }) });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  // Sign-up opens no session (its answer must not tell a taken email from a new one): sign in for the token.
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  const token = signIn.headers.get("set-auth-token");
  if (!signIn.ok || !token) throw new Error(`sign-in answered ${signIn.status} without a session token`);
  return token;
}

/**
 * better-auth limits sign-ups per client address; each bench account presents its own X-Forwarded-For address (the
 * header better-auth is configured to read), so creating the accounts is not throttled. Chat requests are unaffected.
 * `concurrency` sign-ups run at once (password hashing runs in libuv's thread pool, so a few overlap usefully).
 */
export async function signUpBenchUsers(options: { url: string; count: number; label: string; concurrency?: number }): Promise<string[]> {
  const tokens: string[] = new Array(options.count);
  let next = 0;
  const worker = async () => {
    while (next < options.count) {
      const index = next++;
      tokens[index] = await signUpOne({ url: options.url, label: options.label, index });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 1, options.count)) }, worker));
  return tokens;
}
