// `npm run admin` on a real database through lib/account/get-auth.ts: every users command, what each does to signing in and to
// sessions, and bad input answered with one line and a non-zero exit code.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { getAuth, resetAuthForTests } from "@/lib/account/get-auth";
import { resetEnvForTests } from "@/lib/env";
import { runAdminCommand } from "@/lib/operations/run-admin-command";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { findAccountRow, updateAccountRow } from "@/tests/support/auth-rows";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

let database: TemporaryDatabase;
const saved = { ...process.env };

beforeEach(() => {
  database = openTemporaryDatabase("palestra-admin-");
  setStore(database.store);
  Object.assign(process.env, { BETTER_AUTH_SECRET: "s".repeat(40), BETTER_AUTH_URL: "http://localhost:3000", PALESTRA_SIGNUP: "closed" });
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
async function signIn(email: string, password: string): Promise<Response> {
  address += 1;
  return getAuth().handler(
    new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": `10.7.0.${address}` },
      body: JSON.stringify({ email, password }),
    }),
  );
}

const passwordIn = (lines: string[]) => /One-time password for \S+: (\S+)/.exec(lines.join("\n"))?.[1] ?? "";
const userRow = async (email: string) => (await findAccountRow(email)) ?? undefined;
const countRows = (table: "session" | "measurement") => database.store.inspection.countRows({ table });

describe("npm run admin -- users", () => {
  it("creates an account with a one-time password that signs in and must be changed; the first account is admin", async () => {
    const created = await runAdminCommand(["users", "create", "Ana@Example.com", "--name", "Ana"]);
    expect(created.exitCode).toBe(0);
    const password = passwordIn(created.stdout);
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await userRow("ana@example.com")).toMatchObject({ name: "Ana", role: "admin", passwordChangeRequired: true });
    expect((await signIn("ana@example.com", password)).status).toBe(200);
    await runAdminCommand(["users", "create", "bo@example.com"]);
    expect(await userRow("bo@example.com")).toMatchObject({ name: "bo", role: "user" });
    const listed = await runAdminCommand(["users", "list"]);
    expect(listed.stdout[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+STATUS\s+CREATED$/);
    expect(listed.stdout.slice(1).map((line) => line.split(/\s{2,}/).slice(0, 4))).toEqual([
      ["ana@example.com", "Ana", "admin", "must change password"],
      ["bo@example.com", "bo", "user", "must change password"],
    ]);
  });

  it("reset-password replaces the password, ends every session and requires a change again", async () => {
    const first = passwordIn((await runAdminCommand(["users", "create", "cy@example.com"])).stdout);
    await updateAccountRow({ email: "cy@example.com", set: { passwordChangeRequired: false } });
    expect((await signIn("cy@example.com", first)).status).toBe(200);
    expect(await countRows("session")).toBe(1);
    const reset = await runAdminCommand(["users", "reset-password", "cy@example.com"]);
    expect(reset.exitCode).toBe(0);
    const second = passwordIn(reset.stdout);
    expect(second).not.toBe(first);
    expect(await countRows("session")).toBe(0);
    expect((await userRow("cy@example.com"))?.passwordChangeRequired).toBe(true);
    expect((await signIn("cy@example.com", first)).status).toBe(401);
    expect((await signIn("cy@example.com", second)).status).toBe(200);
  });

  it("disable ends the sessions and refuses sign-in until enable; make-admin gives the role; delete removes the data", async () => {
    const password = passwordIn((await runAdminCommand(["users", "create", "di@example.com"])).stdout);
    const signedIn = await signIn("di@example.com", password);
    // The signed token (set-auth-token): a bare session token is refused as a bearer.
    const token = signedIn.headers.get("set-auth-token") ?? "";
    const sessionOf = () => getAuth().api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) });
    expect(await sessionOf()).not.toBeNull();
    expect((await runAdminCommand(["users", "disable", "di@example.com"])).exitCode).toBe(0);
    expect(await sessionOf()).toBeNull();
    const refused = await signIn("di@example.com", password);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("BANNED_USER");
    expect((await runAdminCommand(["users", "enable", "di@example.com"])).exitCode).toBe(0);
    expect((await signIn("di@example.com", password)).status).toBe(200);
    expect((await runAdminCommand(["users", "make-admin", "di@example.com"])).exitCode).toBe(0);
    expect((await userRow("di@example.com"))?.role).toBe("admin");
    const id = (await userRow("di@example.com"))?.id ?? "";
    const saved = await saveMeasurement({
      store: database.store,
      userId: id,
      idempotencyKey: "before-delete",
      input: { date: "2026-01-01", values: { weight_kg: 80 } },
      traceId: "trc",
      locale: "en",
    });
    expect(saved.status).toBe("executed");
    expect((await runAdminCommand(["users", "delete", "di@example.com"])).exitCode).toBe(0);
    expect(await userRow("di@example.com")).toBeUndefined();
    expect(await countRows("measurement")).toBe(0);
  });

  it("answers bad input with a clear line and a non-zero exit, never a stack trace", async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [[], 2, /Usage: npm run admin/],
      [["groups"], 2, /Unknown command group: groups/],
      [["users"], 2, /Name a users command/],
      [["users", "frob"], 2, /Unknown command: users frob/],
      [["users", "disable"], 2, /users disable needs an EMAIL/],
      [["users", "disable", "a@b.co", "extra"], 2, /Unexpected arguments: extra/],
      [["users", "list", "x"], 2, /takes no arguments/],
      [["users", "create", "not-an-email"], 1, /"not-an-email" is not an email address/],
      [["users", "reset-password", "nobody@example.com"], 1, /No account has the email nobody@example.com/],
      [["users", "delete", "nobody@example.com"], 1, /No account has the email/],
    ];
    for (const [argv, exitCode, message] of cases) {
      const answer = await runAdminCommand(argv);
      expect(answer.exitCode, argv.join(" ")).toBe(exitCode);
      expect(answer.stderr.join("\n"), argv.join(" ")).toMatch(message);
      expect(answer.stderr.join("\n")).not.toMatch(/\n\s+at /);
    }
    await runAdminCommand(["users", "create", "dup@example.com"]);
    const duplicate = await runAdminCommand(["users", "create", "dup@example.com"]);
    expect(duplicate).toEqual({ exitCode: 1, stdout: [], stderr: ["An account with the email dup@example.com already exists."] });
  });
});
