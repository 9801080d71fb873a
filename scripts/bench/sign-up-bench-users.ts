// One account per load-test connection (or person), through better-auth's own sign-up and sign-in endpoints; returns
// each session's bearer token, in order.

function randomLetters(count: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz";
  // Bytes of 234 and above are dropped, so every letter is equally likely (234 = 9 x 26).
  const letters: string[] = [];
  while (letters.length < count) {
    for (const byte of crypto.getRandomValues(new Uint8Array(count * 2))) {
      if (byte < 234 && letters.length < count) letters.push(alphabet[byte % 26] as string);
    }
  }
  return letters.join("");
}

async function signUpOne(options: { url: string; label: string; index: number }): Promise<string> {
  const { url, label, index } = options;
  const email = `bench-${label}-${index}-${Date.now()}@bench.test`;
  const headers = { "content-type": "application/json", origin: url, "x-forwarded-for": `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` };
  // Random, so the password policy's strength estimate accepts it; 20 letters rather than a UUID, whose digits and
  // hyphens cost the estimator about 240 ms of the server's CPU per sign-up here (letters: about 14 ms), which made
  // the sign-ups the longest part of the instance figure.
  const password = randomLetters(20);
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
