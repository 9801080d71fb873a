// better-auth as configured in lib/account/get-auth.ts, on a temporary database: the password policy on every path that sets a
// password, sign-up answers that do not tell a taken email from a new one, PALESTRA_SIGNUP and the first admin.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { authRows, findAccountRow } from "../support/auth-rows";
import { getAuth, resetAuthForTests } from "@/lib/account/get-auth";
import { resetEnvForTests } from "@/lib/env";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

let database: TemporaryDatabase;
const saved = { ...process.env };
const STRONG = "river-window-kettle-42";

beforeEach(() => {
  database = openTemporaryDatabase("palestra-auth-");
  setStore(database.store);
  Object.assign(process.env, { BETTER_AUTH_SECRET: "s".repeat(40), BETTER_AUTH_URL: "http://localhost:3000", PALESTRA_SIGNUP: "open" });
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

let address = 0;

/** A call through better-auth's HTTP handler, as the route serves it, each from its own client address. */
function call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  address += 1;
  return getAuth().handler(
    new Request(`http://localhost:3000/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": `10.9.${address >> 8}.${address & 255}`, ...headers },
      body: JSON.stringify(body),
    }),
  );
}

const signUp = (email: string, password: string, headers: Record<string, string> = {}) => call("/sign-up/email", { name: "Ana", email, password }, headers);

async function errorCode(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { code?: string }).code;
}

async function signIn(email: string, password: string): Promise<Record<string, string>> {
  const response = await call("/sign-in/email", { email, password });
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${response.headers.get("set-auth-token")}` };
}

describe("the password policy", () => {
  it("refuses on sign-up 12345678, password, spaces, the email itself and guessable words, each with its reason", async () => {
    const cases: [string, string][] = [
      ["12345678", "PASSWORD_TOO_SHORT"],
      ["password", "PASSWORD_TOO_SHORT"],
      ["          ", "PASSWORD_TOO_GUESSABLE"],
      ["ana.lima@example.org", "PASSWORD_CONTAINS_EMAIL"],
      ["my-ana.lima-2024", "PASSWORD_CONTAINS_EMAIL"],
      ["password123", "PASSWORD_TOO_GUESSABLE"],
      ["qwertyuiop12", "PASSWORD_TOO_GUESSABLE"],
    ];
    for (const [password, code] of cases) {
      const response = await signUp("ana.lima@example.org", password);
      expect(response.status, password).toBe(400);
      expect(await errorCode(response), password).toBe(code);
    }
    expect(await database.store.inspection.countRows({ table: "user" })).toBe(0);
    expect((await signUp("ana.lima@example.org", STRONG)).status).toBe(200);
  });

  it("names the estimator's reason in the caller's language", async () => {
    const response = await signUp("ana@example.org", "password123", { "accept-language": "pt-BR" });
    expect(await response.json()).toMatchObject({ code: "PASSWORD_TOO_GUESSABLE", warning: "Esta é uma senha comumente usada." });
    const spanish = await signUp("ana@example.org", "password123", { cookie: "locale=es" });
    expect(await spanish.json()).toMatchObject({ warning: "Es una contraseña usada comúnmente." });
  });

  it("applies to change-password, reset-password and an admin setting a password", async () => {
    expect((await signUp("admin@example.org", STRONG)).status).toBe(200);
    expect((await signUp("bruno@example.org", STRONG)).status).toBe(200);
    const bruno = await signIn("bruno@example.org", STRONG);
    const changed = await call("/change-password", { currentPassword: STRONG, newPassword: "password1234" }, bruno);
    expect(changed.status).toBe(400);
    expect(await errorCode(changed)).toBe("PASSWORD_TOO_GUESSABLE");

    const brunoId = (await findAccountRow("bruno@example.org"))?.id ?? "";
    const now = new Date();
    await (
      await authRows()
    ).create({
      model: "verification",
      data: { id: "v1", identifier: "reset-password:token-1", value: brunoId, expiresAt: new Date(now.getTime() + 600_000), createdAt: now, updatedAt: now },
      forceAllowId: true,
    });
    const reset = await call("/reset-password", { token: "token-1", newPassword: "bruno-forever-and-ever" });
    expect(reset.status).toBe(400);
    expect(await errorCode(reset)).toBe("PASSWORD_CONTAINS_EMAIL");

    const admin = await signIn("admin@example.org", STRONG);
    const set = await call("/admin/set-user-password", { userId: brunoId, newPassword: "12345678901" }, admin);
    expect(set.status).toBe(400);
    expect(await errorCode(set)).toBe("PASSWORD_TOO_GUESSABLE");
    const accepted = await call("/change-password", { currentPassword: STRONG, newPassword: "lantern-orbit-meadow-7" }, bruno);
    expect(accepted.status).toBe(200);
  });
});

describe("sign-up answers", () => {
  it("answer a taken email exactly as a new one: 200, no session, the same fields, the stored account untouched", async () => {
    expect((await signUp("ana@example.org", STRONG)).status).toBe(200);
    const taken = await signUp("ana@example.org", "another-pass-phrase-77");
    const fresh = await signUp("carla@example.org", "another-pass-phrase-77");
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.get("set-cookie")).toBeNull();
    expect(fresh.headers.get("set-cookie")).toBeNull();
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      fields: Object.entries(body.user).map(([name, value]) => [name, name === "id" || name === "email" || name.endsWith("At") ? typeof value : value]),
    });
    expect(shape(await taken.json())).toEqual(shape(await fresh.json()));
    // The original password still signs in; the second one does not.
    await signIn("ana@example.org", STRONG);
    const wrong = await call("/sign-in/email", { email: "ana@example.org", password: "another-pass-phrase-77" });
    expect(wrong.status).toBe(401);
  });
});

describe("PALESTRA_SIGNUP and the first account", () => {
  it("makes the first account admin and later ones users", async () => {
    await signUp("first@example.org", STRONG);
    await signUp("second@example.org", STRONG);
    const roles = Object.fromEntries(
      (await (await authRows()).findMany<{ email: string; role: string }>({ model: "user" })).map((row) => [row.email, row.role]),
    );
    expect(roles).toEqual({ "first@example.org": "admin", "second@example.org": "user" });
  });

  it("closed: lets the first account of an empty instance in, then refuses every sign-up with 403 SIGN_UP_CLOSED", async () => {
    process.env.PALESTRA_SIGNUP = "closed";
    resetEnvForTests();
    resetAuthForTests();
    expect((await signUp("first@example.org", STRONG)).status).toBe(200);
    for (const email of ["second@example.org", "first@example.org"]) {
      const refused = await signUp(email, STRONG);
      expect(refused.status).toBe(403);
      expect(await errorCode(refused)).toBe("SIGN_UP_CLOSED");
    }
    expect(await database.store.inspection.countRows({ table: "user" })).toBe(1);
  });
});
