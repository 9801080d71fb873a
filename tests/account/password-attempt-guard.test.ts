// better-auth as lib/account/get-auth.ts configures it: every endpoint that checks the current password is limited per account
// (5 wrong in 15 minutes) and per client address (10 wrong a minute), answers 429 with Retry-After past it, gives a
// right password's slot back, and logs each wrong password as one line with the account id and never the password.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeAdapters } from "@/tests/store/store-adapters";
import { openStoreAuthHarness, STRONG_PASSWORD, type StoreAuthHarness } from "@/tests/support/auth-harness";

let harness: StoreAuthHarness;
let logged: string[];

const WRONG = "not-the-password-9";

function verify(headers: Record<string, string>, password: string, address: string): Promise<Response> {
  return harness.call("/verify-password", { password }, { ...headers, "x-forwarded-for": address });
}

function changePassword(headers: Record<string, string>, currentPassword: string, address: string): Promise<Response> {
  return harness.call("/change-password", { currentPassword, newPassword: "orchard-lantern-copper-77" }, { ...headers, "x-forwarded-for": address });
}

const failureLines = () => logged.filter((line) => line.includes('"event":"password-check-failed"'));

describe.each(storeAdapters)("password checks on $name", (adapter) => {
  beforeEach(async () => {
    // The clock stands still one second into a minute (and a quarter hour): no fixed window ends during a test.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:01Z"));
    harness = await openStoreAuthHarness(adapter);
    logged = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void logged.push(String(line)));
  });

  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await harness.close();
  });

  describe("current-password checks", () => {
    it("answers 5 wrong passwords of one account, then 429 with Retry-After, even for the right password, from any address", async () => {
      const { headers, userId } = await harness.signUp("ana@example.com");
      for (let index = 0; index < 5; index += 1) {
        const response = await verify(headers, WRONG, `10.1.0.${index}`);
        expect([response.status, ((await response.json()) as { code?: string }).code]).toEqual([400, "INVALID_PASSWORD"]);
      }
      for (const [check, password] of [
        [verify, STRONG_PASSWORD],
        [changePassword, STRONG_PASSWORD],
        [verify, WRONG],
      ] as const) {
        const refused = await check(headers, password, "10.1.1.1");
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get("retry-after"));
        // The rest of the account's fixed 15-minute window (counted like sign-in's).
        expect(retryAfter).toBe(15 * 60 - 1);
        expect(await refused.json()).toMatchObject({ code: "TOO_MANY_PASSWORD_ATTEMPTS", retryAfterSeconds: retryAfter });
      }
      // One line per wrong password, with the account id, never the password.
      expect(failureLines()).toHaveLength(5);
      for (const line of failureLines()) {
        expect(JSON.parse(line)).toMatchObject({ level: "warn", event: "password-check-failed", user_id: userId, path: "/verify-password" });
        expect(line).not.toContain(WRONG);
      }
    });

    it("counts change-password's wrong current password against the same limit, and leaves the password unchanged", async () => {
      const { headers } = await harness.signUp("bea@example.com");
      for (let index = 0; index < 3; index += 1) expect((await changePassword(headers, WRONG, `10.2.0.${index}`)).status).toBe(400);
      for (let index = 0; index < 2; index += 1) expect((await verify(headers, WRONG, `10.2.1.${index}`)).status).toBe(400);
      expect((await changePassword(headers, STRONG_PASSWORD, "10.2.2.1")).status).toBe(429);
      // The refused change did not happen: the old password still signs in.
      await expect(harness.signIn("bea@example.com")).resolves.toBeDefined();
    });

    it("does not count right passwords: 4 wrong, any number right, then the 5th wrong is still answered", async () => {
      const { headers } = await harness.signUp("cao@example.com");
      for (let index = 0; index < 4; index += 1) expect((await verify(headers, WRONG, `10.3.0.${index}`)).status).toBe(400);
      for (let index = 0; index < 6; index += 1) expect((await verify(headers, STRONG_PASSWORD, `10.3.1.${index}`)).status).toBe(200);
      expect((await verify(headers, WRONG, "10.3.2.1")).status).toBe(400);
      expect((await verify(headers, STRONG_PASSWORD, "10.3.2.2")).status).toBe(429);
    });

    it("limits one address to 10 wrong passwords a minute across accounts, and not another address", async () => {
      const accounts = [];
      for (const name of ["dia", "eva", "fay"]) accounts.push((await harness.signUp(`${name}@example.com`)).headers);
      const statuses: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        const headers = accounts[index % 3] ?? {};
        statuses.push((await verify(headers, WRONG, "10.4.4.4")).status);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
      const refused = await verify(accounts[0] ?? {}, STRONG_PASSWORD, "10.4.4.4");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("59");
      // Each account has 3 or 4 wrong answers, under its own limit: from another address the right password is accepted.
      expect((await verify(accounts[0] ?? {}, STRONG_PASSWORD, "10.4.4.5")).status).toBe(200);
    });

    it("refuses an email change sent over HTTP, which would skip the current password", async () => {
      const { headers } = await harness.signUp("gil@example.com");
      const response = await harness.call("/change-email", { newEmail: "taken-over@example.com" }, headers);
      expect([response.status, ((await response.json()) as { code?: string }).code]).toEqual([403, "EMAIL_CHANGE_NEEDS_PASSWORD"]);
      await expect(harness.signIn("gil@example.com")).resolves.toBeDefined();
    });
  });

  describe("names people type", () => {
    it("refuses a display name or an API key name holding a control character, over better-auth's own endpoints", async () => {
      const signUp = await harness.call("/sign-up/email", { name: "Eve\u0000", email: "eve@example.com", password: STRONG_PASSWORD });
      expect([signUp.status, ((await signUp.json()) as { code?: string }).code]).toEqual([400, "NAME_HAS_CONTROL_CHARACTERS"]);
      const { headers } = await harness.signUp("hal@example.com");
      for (const [path, name] of [
        ["/update-user", "Hal\u001b[2J"],
        ["/api-key/create", "script\u0000"],
        ["/api-key/create", "carriage\rreturn"],
      ] as const) {
        const response = await harness.call(path, { name }, headers);
        expect([path, response.status, ((await response.json()) as { code?: string }).code]).toEqual([path, 400, "NAME_HAS_CONTROL_CHARACTERS"]);
      }
      const tabbed = await harness.call("/api-key/create", { name: "phone\tshortcut" }, headers);
      expect(tabbed.status).toBe(200);
    });
  });
});
