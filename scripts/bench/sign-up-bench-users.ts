// One account per load-test connection (or person), through better-auth's own sign-up endpoint; returns each
// session's bearer token, in order.

async function signUpOne(options: { url: string; label: string; index: number }): Promise<string> {
  const { url, label, index } = options;
  const email = `bench-${label}-${index}-${Date.now()}@bench.test`;
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, "x-forwarded-for": `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` },
    body: JSON.stringify({ name: `Bench ${index}`, email, password: `bench-password-${index}-long` }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string };
  const token = response.headers.get("set-auth-token") ?? body.token;
  if (!response.ok || !token) throw new Error(`sign-up answered ${response.status} without a session token`);
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
