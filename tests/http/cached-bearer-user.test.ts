// The cached bearer check against better-auth as configured in lib/account/get-auth.ts, on each adapter's store: a verified
// token is not verified again, and a session signed out, revoked, deleted by another process or expired is refused at
// once. "Another process" writes the rows through better-auth's own adapter over the store (tests/support/auth-rows.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAuth, resetAuthForTests } from "@/lib/account/get-auth";
import { resetEnvForTests } from "@/lib/env";
import { authenticate } from "@/lib/http/authenticate";
import { forgetVerifiedBearersForTests } from "@/lib/http/cached-bearer-user";
import { setStore } from "@/lib/scope/get-store";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";
import { authRows, findAccountRow, updateAccountRow } from "@/tests/support/auth-rows";

let database: OpenedStore;
const saved = { ...process.env };
const PASSWORD = "river-window-kettle-42";

let address = 0;

function call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  address += 1;
  return getAuth().handler(
    new Request(`http://localhost:3000/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": `10.8.${address >> 8}.${address & 255}`, ...headers },
      body: JSON.stringify(body),
    }),
  );
}

async function signedIn(email: string): Promise<{ authorization: string }> {
  expect((await call("/sign-up/email", { name: "Ana", email, password: PASSWORD })).status).toBe(200);
  const response = await call("/sign-in/email", { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${response.headers.get("set-auth-token")}` };
}

const apiRequest = (headers: Record<string, string>) => new Request("http://localhost:3000/api/v1/measurements", { headers });

async function userIdOf(headers: Record<string, string>): Promise<string | null> {
  const authentication = await authenticate(apiRequest(headers));
  return authentication.ok ? authentication.user.id : null;
}

/** The account's id, read as another process would (it must exist). */
async function accountIdOf(email: string): Promise<string> {
  const account = await findAccountRow(email);
  if (!account) throw new Error(`no account ${email}`);
  return account.id;
}

describe.each(storeAdapters)("the cached bearer check on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    setStore(database.store);
    Object.assign(process.env, { BETTER_AUTH_SECRET: "s".repeat(40), BETTER_AUTH_URL: "http://localhost:3000", PALESTRA_SIGNUP: "open" });
    resetEnvForTests();
    resetAuthForTests();
    forgetVerifiedBearersForTests();
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    process.env = { ...saved };
    resetEnvForTests();
    resetAuthForTests();
    forgetVerifiedBearersForTests();
    setStore(undefined);
    await database.close();
  });

  it("asks better-auth once per token, then reads the session row only", async () => {
    const bearer = await signedIn("ana@example.org");
    const getSession = vi.spyOn(getAuth().api, "getSession");
    const first = await userIdOf(bearer);
    expect(first).not.toBeNull();
    expect(await userIdOf(bearer)).toBe(first);
    expect(await userIdOf(bearer)).toBe(first);
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it("refuses a token at once after sign-out", async () => {
    const bearer = await signedIn("ana@example.org");
    expect(await userIdOf(bearer)).not.toBeNull();
    expect((await call("/sign-out", {}, bearer)).status).toBe(200);
    expect(await userIdOf(bearer)).toBeNull();
  });

  it("refuses a token at once after its session is revoked from another session", async () => {
    const bearer = await signedIn("ana@example.org");
    const other = await call("/sign-in/email", { email: "ana@example.org", password: PASSWORD });
    const otherBearer = { authorization: `Bearer ${other.headers.get("set-auth-token")}` };
    expect(await userIdOf(bearer)).not.toBeNull();
    expect((await call("/revoke-other-sessions", {}, otherBearer)).status).toBe(200);
    expect(await userIdOf(bearer)).toBeNull();
    expect(await userIdOf(otherBearer)).not.toBeNull();
  });

  it("refuses a token at once when another process deletes or expires its session row", async () => {
    const bearer = await signedIn("ana@example.org");
    const second = await signedIn("bo@example.org");
    expect(await userIdOf(bearer)).not.toBeNull();
    expect(await userIdOf(second)).not.toBeNull();
    const rows = await authRows();
    await rows.deleteMany({ model: "session", where: [{ field: "userId", value: await accountIdOf("ana@example.org") }] });
    await rows.updateMany({
      model: "session",
      where: [{ field: "userId", value: await accountIdOf("bo@example.org") }],
      update: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await userIdOf(bearer)).toBeNull();
    expect(await userIdOf(second)).toBeNull();
  });

  it("refuses a token at once when its account is disabled, and flags a due password change", async () => {
    const bearer = await signedIn("ana@example.org");
    const second = await signedIn("bo@example.org");
    expect(await userIdOf(bearer)).not.toBeNull();
    expect(await userIdOf(second)).not.toBeNull();
    await updateAccountRow({ email: "ana@example.org", set: { banned: true } });
    await updateAccountRow({ email: "bo@example.org", set: { passwordChangeRequired: true } });
    expect(await userIdOf(bearer)).toBeNull();
    const flagged = await authenticate(apiRequest(second));
    expect(flagged.ok).toBe(false);
    if (!flagged.ok) expect(flagged.response.status).toBe(403);
  });

  it("reads the user's current preferences, not the ones seen when the token was verified", async () => {
    const bearer = await signedIn("ana@example.org");
    const before = await authenticate(apiRequest(bearer));
    expect(before.ok && before.user.units).toBe("metric");
    await updateAccountRow({ email: "ana@example.org", set: { units: "imperial" } });
    const after = await authenticate(apiRequest(bearer));
    expect(after.ok && after.user.units).toBe("imperial");
  });

  it("never signs in with a forged signature or a cookie riding on a bad bearer token", async () => {
    const bearer = await signedIn("ana@example.org");
    const forged = `${bearer.authorization.slice(0, -3)}abc`;
    expect(await userIdOf({ authorization: forged })).toBeNull();
    const cookie = `better-auth.session_token=${bearer.authorization.slice("Bearer ".length)}`;
    expect(await userIdOf({ authorization: "Bearer nonsense.sig", cookie })).toBeNull();
  });
});
