// Failed API keys and bearer tokens through the API's authenticator (better-auth as lib/account/get-auth.ts configures it, on each
// store adapter): 30 per client address per minute, then 429 with Retry-After before anything is checked, even a
// valid key; another address is not affected; one log line per failure, never the credential, and no better-auth block.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/account/manage-api-keys";
import { authenticate } from "@/lib/http/authenticate";
import { forgetVerifiedBearersForTests } from "@/lib/http/cached-bearer-user";
import { storeAdapters } from "@/tests/store/store-adapters";
import { openStoreAuthHarness, type StoreAuthHarness } from "@/tests/support/auth-harness";

let harness: StoreAuthHarness;
let lines: string[];

const request = (authorization: string, address: string) =>
  new Request("http://localhost:3000/api/v1/measurements", { headers: { authorization, "x-forwarded-for": address } });

describe.each(storeAdapters)("failed API keys and bearer tokens on $name", (adapter) => {
  beforeEach(async () => {
    // One second into a minute, standing still: the fixed window cannot end during a test.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:01Z"));
    harness = await openStoreAuthHarness(adapter);
    forgetVerifiedBearersForTests();
    lines = [];
    for (const method of ["log", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => void lines.push(parts.map(String).join(" ")));
  });

  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    forgetVerifiedBearersForTests();
    await harness.close();
  });

  it("answers 401 to 30 failures from one address, then 429 with Retry-After, even for a valid key and token", async () => {
    const { headers, userId } = await harness.signUp("kim@example.com");
    const created = await createApiKey({ userId, name: "script", scope: "read" });
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const guess = index % 2 === 0 ? `Bearer pal_${"x".repeat(48)}${index}` : `Bearer not-a-token-${index}.c2lnbmF0dXJl`;
      const authentication = await authenticate(request(guess, "10.7.7.7"));
      statuses.push(authentication.ok ? 200 : authentication.response.status);
    }
    expect(statuses).toEqual(Array<number>(30).fill(401));
    for (const authorization of [`Bearer pal_${"y".repeat(48)}`, `Bearer ${created.key}`, headers.authorization ?? ""]) {
      const refused = await authenticate(request(authorization, "10.7.7.7"));
      expect(refused.ok).toBe(false);
      if (refused.ok) continue;
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get("retry-after")).toBe("59");
      expect(await refused.response.json()).toMatchObject({
        type: "https://palestra.dev/problems/rate_limited",
        status: 429,
        detail: "Too many invalid API keys or tokens came from this address. Try again in 59 seconds.",
        retryAfterSeconds: 59,
      });
    }
    // Another address is not affected.
    const elsewhere = await authenticate(request(`Bearer ${created.key}`, "10.7.7.8"));
    expect(elsewhere.ok && elsewhere.user.id).toBe(userId);
  });

  it("logs each failure as one line without the credential, and nothing from better-auth", async () => {
    const guesses = [`Bearer pal_${"z".repeat(48)}`, "Bearer forged-token.c2lnbmF0dXJl", "Bearer unsigned-token"];
    for (const guess of guesses) expect((await authenticate(request(guess, "10.6.6.6"))).ok).toBe(false);
    const refusals = lines.filter((line) => line.includes('"event":"credential-refused"'));
    expect(refusals.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: "warn", kind: "api_key", path: "/api/v1/measurements", client_address: "10.6.6.6" }),
      expect.objectContaining({ level: "warn", kind: "session_token", path: "/api/v1/measurements", client_address: "10.6.6.6" }),
      expect.objectContaining({ level: "warn", kind: "session_token", path: "/api/v1/measurements", client_address: "10.6.6.6" }),
    ]);
    expect(lines.filter((line) => !line.includes('"event":"credential-refused"'))).toEqual([]);
    for (const guess of guesses) expect(lines.join("\n")).not.toContain(guess.slice("Bearer ".length));
  });

  it("does not count a valid token or key, nor look up the address again for a token it has verified", async () => {
    const { headers, userId } = await harness.signUp("lou@example.com");
    const created = await createApiKey({ userId, name: "script", scope: "read" });
    for (let index = 0; index < 40; index += 1) {
      const authorization = index % 2 === 0 ? (headers.authorization ?? "") : `Bearer ${created.key}`;
      const authentication = await authenticate(request(authorization, "10.5.5.5"));
      expect(authentication.ok).toBe(true);
    }
    expect(lines.filter((line) => line.includes("credential-refused"))).toEqual([]);
  });
});
