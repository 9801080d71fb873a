// API keys end to end through the real routes and better-auth's API-key plugin on each store adapter: the lifecycle
// (shown once, stored hashed, last used, revoked at once), session-only management, and isolation between people.
import crypto from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as keyRoute from "@/app/api/v1/api-keys/[id]/route";
import * as keysRoute from "@/app/api/v1/api-keys/route";
import * as measurementRoute from "@/app/api/v1/measurements/[date]/route";
import * as measurementsRoute from "@/app/api/v1/measurements/route";
import { authRows, updateAccountRow } from "../support/auth-rows";
import { storeAdapters } from "@/tests/store/store-adapters";
import { openStoreAuthHarness, TEST_ORIGIN, type StoreAuthHarness } from "@/tests/support/auth-harness";

let harness: StoreAuthHarness;

type Headers = Record<string, string>;
const keyHeaders = (key: string): Headers => ({ authorization: `Bearer ${key}` });

function request(path: string, options: { method?: string; headers?: Headers; body?: unknown } = {}): Request {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { ...(body ? { "content-type": "application/json" } : {}), ...options.headers };
  return new Request(`${TEST_ORIGIN}${path}`, { method: options.method ?? "GET", headers, body });
}

const noParams = { params: Promise.resolve({}) };
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });
const dateParams = (date: string) => ({ params: Promise.resolve({ date }) });

async function createKey(session: Headers, body: unknown): Promise<Response> {
  return keysRoute.POST(request("/api/v1/api-keys", { method: "POST", headers: session, body }), noParams);
}

async function makeKey(session: Headers, scope: "read" | "read_write", name = `${scope} script`): Promise<{ id: string; key: string }> {
  const response = await createKey(session, { name, scope });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; key: string };
}

async function listKeys(session: Headers): Promise<{ id: string; name: string; scope: string; createdAt: string; lastUsedAt: string | null }[]> {
  const response = await keysRoute.GET(request("/api/v1/api-keys", { headers: session }), noParams);
  expect(response.status).toBe(200);
  return ((await response.json()) as { keys: never[] }).keys;
}

const putWeight = (headers: Headers, date: string, weightKg: number) =>
  measurementRoute.PUT(
    request(`/api/v1/measurements/${date}`, {
      method: "PUT",
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      body: { values: { weight_kg: weightKg } },
    }),
    dateParams(date),
  );
const getDate = (headers: Headers, date: string) => measurementRoute.GET(request(`/api/v1/measurements/${date}`, { headers }), dateParams(date));

describe.each(storeAdapters)("API keys on $name", (adapter) => {
  beforeEach(async () => {
    harness = await openStoreAuthHarness(adapter);
  });
  afterEach(() => harness.close());

  describe("an API key's lifecycle", () => {
    it("is shown once at creation, stored only as its SHA-256, listed without it, and reads the owner's data", async () => {
      const ana = await harness.signUp("ana@example.org");
      const response = await createKey(ana.headers, { name: "Phone shortcut", scope: "read_write" });
      expect(response.status).toBe(201);
      const created = (await response.json()) as Record<string, string>;
      expect(Object.keys(created).sort()).toEqual(["createdAt", "id", "key", "name", "scope"]);
      expect(created).toMatchObject({ name: "Phone shortcut", scope: "read_write" });
      expect(created.key).toMatch(/^pal_[A-Za-z]{48}$/);
      expect(Date.parse(created.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

      const stored = await (await authRows()).findOne<Record<string, unknown>>({ model: "apikey", where: [{ field: "id", value: created.id ?? "" }] });
      const sha256 = crypto
        .createHash("sha256")
        .update(created.key ?? "")
        .digest("base64url");
      expect(stored?.key).toBe(sha256);
      expect(JSON.stringify(stored)).not.toContain(created.key);
      expect(stored?.referenceId).toBe(ana.userId);

      const listed = await listKeys(ana.headers);
      expect(listed).toEqual([{ id: created.id, name: "Phone shortcut", scope: "read_write", createdAt: created.createdAt, lastUsedAt: null }]);
      expect(JSON.stringify(listed)).not.toContain(created.key);

      expect((await putWeight(keyHeaders(created.key ?? ""), "2026-01-02", 77.4)).status).toBe(201);
      const read = await getDate(keyHeaders(created.key ?? ""), "2026-01-02");
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ date: "2026-01-02", values: { weight_kg: 77.4 } });
    });

    it("records when it was last used", async () => {
      const ana = await harness.signUp("ana@example.org");
      const { key } = await makeKey(ana.headers, "read");
      const before = Date.now();
      expect((await measurementsRoute.GET(request("/api/v1/measurements?from=2026-01-01&to=2026-01-31", { headers: keyHeaders(key) }), noParams)).status).toBe(
        200,
      );
      const [listed] = await listKeys(ana.headers);
      expect(Date.parse(listed?.lastUsedAt ?? "")).toBeGreaterThanOrEqual(before - 5);
      expect(Date.parse(listed?.lastUsedAt ?? "")).toBeLessThanOrEqual(Date.now());
    });

    it("is refused on the very next request once revoked, and revoking it again is 404", async () => {
      const ana = await harness.signUp("ana@example.org");
      const { id, key } = await makeKey(ana.headers, "read_write");
      expect((await getDate(keyHeaders(key), "2026-01-02")).status).toBe(404);
      const revoked = await keyRoute.DELETE(request(`/api/v1/api-keys/${id}`, { method: "DELETE", headers: ana.headers }), idParams(id));
      expect(revoked.status).toBe(204);
      const refused = await getDate(keyHeaders(key), "2026-01-02");
      expect(refused.status).toBe(401);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      expect(await refused.json()).toMatchObject({ type: "https://palestra.dev/problems/unauthorized" });
      expect(await listKeys(ana.headers)).toEqual([]);
      const again = await keyRoute.DELETE(request(`/api/v1/api-keys/${id}`, { method: "DELETE", headers: ana.headers }), idParams(id));
      expect(again.status).toBe(404);
    });

    it("refuses a made-up key, a truncated one and one whose owner an admin disabled", async () => {
      const ana = await harness.signUp("ana@example.org");
      const { key } = await makeKey(ana.headers, "read_write");
      expect((await getDate(keyHeaders(`pal_${"x".repeat(48)}`), "2026-01-02")).status).toBe(401);
      expect((await getDate(keyHeaders(key.slice(0, -1)), "2026-01-02")).status).toBe(401);
      expect((await getDate(keyHeaders(key), "2026-01-02")).status).toBe(404);
      await updateAccountRow({ email: "ana@example.org", set: { banned: true } });
      expect((await getDate(keyHeaders(key), "2026-01-02")).status).toBe(401);
    });

    it("checks the name and the scope", async () => {
      const ana = await harness.signUp("ana@example.org");
      for (const body of [
        { name: "", scope: "read" },
        { name: "x".repeat(65), scope: "read" },
        { name: "ok", scope: "admin" },
        { name: "ok" },
        { name: "ok", scope: "read", extra: 1 },
      ]) {
        const response = await createKey(ana.headers, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await response.json()).toMatchObject({ type: "https://palestra.dev/problems/invalid_request" });
      }
      expect(await listKeys(ana.headers)).toEqual([]);
    });
  });

  describe("managing keys", () => {
    it("needs a signed-in session: a key, even a read_write one, gets 403 session_required on every key route", async () => {
      const ana = await harness.signUp("ana@example.org");
      const { id, key } = await makeKey(ana.headers, "read_write");
      const answers = [
        await keysRoute.GET(request("/api/v1/api-keys", { headers: keyHeaders(key) }), noParams),
        await createKey(keyHeaders(key), { name: "minted by a key", scope: "read_write" }),
        await keyRoute.DELETE(request(`/api/v1/api-keys/${id}`, { method: "DELETE", headers: keyHeaders(key) }), idParams(id)),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(await answer.json()).toMatchObject({ type: "https://palestra.dev/problems/session_required" });
      }
      expect((await listKeys(ana.headers)).map((each) => each.id)).toEqual([id]);
    });

    it("with no session at all is 401", async () => {
      expect((await keysRoute.GET(request("/api/v1/api-keys"), noParams)).status).toBe(401);
    });
  });

  describe("isolation between people", () => {
    it("lists only your own keys, cannot revoke another's (404), and a key reaches only its owner's data", async () => {
      const ana = await harness.signUp("ana@example.org");
      const bruno = await harness.signUp("bruno@example.org");
      const anaKey = await makeKey(ana.headers, "read_write");
      const brunoKey = await makeKey(bruno.headers, "read_write");
      expect((await listKeys(ana.headers)).map((each) => each.id)).toEqual([anaKey.id]);
      expect((await listKeys(bruno.headers)).map((each) => each.id)).toEqual([brunoKey.id]);

      const stolen = await keyRoute.DELETE(request(`/api/v1/api-keys/${anaKey.id}`, { method: "DELETE", headers: bruno.headers }), idParams(anaKey.id));
      expect(stolen.status).toBe(404);
      expect((await getDate(keyHeaders(anaKey.key), "2026-01-03")).status).toBe(404);

      expect((await putWeight(keyHeaders(anaKey.key), "2026-01-03", 61.2)).status).toBe(201);
      expect((await getDate(keyHeaders(brunoKey.key), "2026-01-03")).status).toBe(404);
      expect((await getDate(bruno.headers, "2026-01-03")).status).toBe(404);
      expect((await getDate(ana.headers, "2026-01-03")).status).toBe(200);
    });

    it("deleting an account deletes its keys", async () => {
      const ana = await harness.signUp("ana@example.org");
      await makeKey(ana.headers, "read");
      await (await authRows()).delete({ model: "user", where: [{ field: "id", value: ana.userId }] });
      expect(await harness.store.inspection.countRows({ table: "apikey" })).toBe(0);
    });
  });
});
