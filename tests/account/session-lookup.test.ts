// Who a request is: a disabled (banned) account is nobody even with a session still stored, and an account that must
// change its one-time password is nobody to route handlers unless they ask to see it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { authRows, updateAccountRow } from "../support/auth-rows";
import { getAuth, resetAuthForTests } from "@/lib/account/get-auth";
import { resetEnvForTests } from "@/lib/env";
import { getRequestUser } from "@/lib/session";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

let database: TemporaryDatabase;
const saved = { ...process.env };

beforeEach(() => {
  database = openTemporaryDatabase("palestra-session-");
  setStore(database.store);
  Object.assign(process.env, { BETTER_AUTH_SECRET: "s".repeat(40), BETTER_AUTH_URL: "http://localhost:3000" });
  resetEnvForTests();
  resetAuthForTests();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  resetAuthForTests();
  setStore(undefined);
  database.remove();
});

async function signedInRequest(): Promise<Request> {
  const headers = { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": "10.3.3.3" };
  const body = { name: "Eva", email: "eva@example.com", password: "river-window-kettle-42" };
  await getAuth().handler(new Request("http://localhost:3000/api/auth/sign-up/email", { method: "POST", headers, body: JSON.stringify(body) }));
  const signIn = await getAuth().handler(new Request("http://localhost:3000/api/auth/sign-in/email", { method: "POST", headers, body: JSON.stringify(body) }));
  // The signed token (set-auth-token): a bare session token is refused as a bearer.
  const token = signIn.headers.get("set-auth-token") ?? "";
  return new Request("http://localhost:3000/api/v1/measurements", { headers: { authorization: `Bearer ${token}` } });
}

describe("getRequestUser", () => {
  it("is nobody for a disabled account whose session is still stored", async () => {
    const request = await signedInRequest();
    expect(await getRequestUser(request)).toMatchObject({ email: "eva@example.com", passwordChangeRequired: false });
    await updateAccountRow({ email: "eva@example.com", set: { banned: true } });
    expect(await getRequestUser(request)).toBeNull();
  });

  it("is nobody for an account that must change its password, unless the caller allows it", async () => {
    const request = await signedInRequest();
    await updateAccountRow({ email: "eva@example.com", set: { passwordChangeRequired: true } });
    expect(await getRequestUser(request)).toBeNull();
    expect(await getRequestUser(request, { allowPasswordChange: true })).toMatchObject({ passwordChangeRequired: true });
  });
});

describe("a session token read from the database", () => {
  it("signs in as nobody, as a bearer or as a cookie, while the signed token it came from works", async () => {
    const request = await signedInRequest();
    expect(await getRequestUser(request)).toMatchObject({ email: "eva@example.com" });
    const rows = await (await authRows()).findMany<{ token: string }>({ model: "session" });
    expect(rows).toHaveLength(1);
    const stored = rows[0]?.token ?? "";
    expect(request.headers.get("authorization")).toContain(`Bearer ${stored}.`);
    const asBearer = new Request("http://localhost:3000/api/v1/measurements", { headers: { authorization: `Bearer ${stored}` } });
    const asCookie = new Request("http://localhost:3000/api/v1/measurements", { headers: { cookie: `better-auth.session_token=${stored}` } });
    expect(await getRequestUser(asBearer)).toBeNull();
    expect(await getRequestUser(asCookie)).toBeNull();
  });
});
