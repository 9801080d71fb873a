// Signed-in sessions through better-auth's session endpoints: listed with their device and the current one marked,
// never with a token; signing out one (only your own) or all the others.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listAccountSessions, revokeAccountSession, revokeOtherAccountSessions } from "@/lib/account/account-sessions";
import { getAuth } from "@/lib/account/get-auth";
import { storeAdapters } from "@/tests/store/store-adapters";
import { openStoreAuthHarness, type StoreAuthHarness } from "@/tests/support/auth-harness";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let harness: StoreAuthHarness;

const headersOf = (record: Record<string, string>) => new Headers(record);
const isSignedIn = async (record: Record<string, string>) => (await getAuth().api.getSession({ headers: headersOf(record) })) !== null;

describe.each(storeAdapters)("account sessions on $name", (adapter) => {
  beforeEach(async () => {
    harness = await openStoreAuthHarness(adapter);
  });
  afterEach(() => harness.close());

  it("lists every session with its device, the current one first and marked, and no token", async () => {
    const ana = await harness.signUp("ana@example.org", { userAgent: FIREFOX });
    await harness.signIn("ana@example.org", { userAgent: IPHONE });
    await harness.signUp("bruno@example.org");
    const sessions = await listAccountSessions(headersOf(ana.headers));
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, browser: "Firefox", system: "Windows" });
    expect(sessions[1]).toMatchObject({ current: false, browser: "Safari", system: "iPhone" });
    expect(Object.keys(sessions[0] ?? {}).sort()).toEqual(["browser", "current", "id", "lastActiveAt", "signedInAt", "system"]);
    expect(JSON.stringify(sessions)).not.toContain(ana.headers.authorization?.replace("Bearer ", "").split(".")[0]);
  });

  it("signs out one session by id, and refuses another person's", async () => {
    const ana = await harness.signUp("ana@example.org");
    const phone = await harness.signIn("ana@example.org", { userAgent: IPHONE });
    const bruno = await harness.signUp("bruno@example.org");
    const [, other] = await listAccountSessions(headersOf(ana.headers));
    const [brunoSession] = await listAccountSessions(headersOf(bruno.headers));
    expect(await revokeAccountSession({ headers: headersOf(ana.headers), id: brunoSession?.id ?? "" })).toBe(false);
    expect(await isSignedIn(bruno.headers)).toBe(true);
    expect(await revokeAccountSession({ headers: headersOf(ana.headers), id: other?.id ?? "" })).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(ana.headers)).toBe(true);
  });

  it("signs out every other session and keeps this one", async () => {
    const ana = await harness.signUp("ana@example.org");
    const phone = await harness.signIn("ana@example.org", { userAgent: IPHONE });
    const laptop = await harness.signIn("ana@example.org", { userAgent: FIREFOX });
    await revokeOtherAccountSessions(headersOf(ana.headers));
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(ana.headers)).toBe(true);
    expect(await listAccountSessions(headersOf(ana.headers))).toHaveLength(1);
  });
});
