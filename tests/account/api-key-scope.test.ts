// A `read` key is refused every write of /api/v1 with 403 insufficient_scope, and nothing changes: checked on every
// route file under app/api/v1, found on disk, so a route added later is covered without editing this test.
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiNotFound } from "@/lib/http/api-not-found";
import { storeAdapters } from "@/tests/store/store-adapters";
import { openStoreAuthHarness, TEST_ORIGIN, type StoreAuthHarness } from "@/tests/support/auth-harness";

let harness: StoreAuthHarness;

const apiRoot = path.join(process.cwd(), "app/api/v1");
const writeMethods = ["POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;

/** Every route file under app/api/v1 with the URL path and params a request to it would have. */
function routeFiles(): { file: string; url: string; params: Record<string, string | string[]> }[] {
  const files = fs.readdirSync(apiRoot, { recursive: true, encoding: "utf8" }).filter((name) => path.basename(name) === "route.ts");
  return files.map((name) => {
    const segments = path.dirname(name) === "." ? [] : path.dirname(name).split(path.sep);
    const params: Record<string, string | string[]> = {};
    const urlSegments = segments.map((segment) => {
      const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
      if (catchAll) return (params[catchAll[1] ?? ""] = ["unknown"]).join("/");
      const dynamic = /^\[(\w+)\]$/.exec(segment);
      if (dynamic) return (params[dynamic[1] ?? ""] = dynamic[1] === "date" ? "2026-01-02" : "some-id");
      return segment;
    });
    return { file: path.join(apiRoot, name), url: ["/api/v1", ...urlSegments].join("/"), params };
  });
}

/** Bodies a real client would send, so a route that skipped the scope check would go on and write. */
const plausibleBodies: Record<string, unknown> = {
  "/api/v1/chat": { message: "I weighed 77.4 kg on 2 January 2026" },
  "/api/v1/measurements/2026-01-02": { values: { weight_kg: 77.4 } },
  "/api/v1/qa/faults": { target: "write", mode: "fail_before_commit" },
  "/api/v1/api-keys": { name: "minted", scope: "read_write" },
};

describe.each(storeAdapters)("a read key on $name", (adapter) => {
  beforeEach(async () => {
    harness = await openStoreAuthHarness(adapter, { PALESTRA_QA: "1" });
  });
  afterEach(() => harness.close());

  it("gets 403 problem+json on every write a route serves, and nothing is written", async () => {
    const ana = await harness.signUp("ana@example.org");
    const created = await (
      await import("@/app/api/v1/api-keys/route")
    ).POST(
      new Request(`${TEST_ORIGIN}/api/v1/api-keys`, {
        method: "POST",
        headers: { ...ana.headers, "content-type": "application/json" },
        body: JSON.stringify({ name: "reader", scope: "read" }),
      }),
      { params: Promise.resolve({}) },
    );
    const { key } = (await created.json()) as { key: string };
    const refused: string[] = [];
    for (const route of routeFiles()) {
      const handlers = (await import(route.file)) as Partial<Record<(typeof writeMethods)[number], Handler>>;
      for (const method of writeMethods) {
        const handler = handlers[method];
        // Addresses that serve nothing (/api/v1 itself, unknown paths) answer 404 before anyone is asked.
        if (!handler || handler === apiNotFound) continue;
        const body = plausibleBodies[route.url];
        const response = await handler(
          new Request(`${TEST_ORIGIN}${route.url}`, {
            method,
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": `"k-${method}-${route.url}"` },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
          { params: Promise.resolve(route.params) },
        );
        const label = `${method} ${route.url}`;
        // A method the address does not serve answers 405 before anyone is asked.
        if (response.status === 405) continue;
        expect(response.status, label).toBe(403);
        expect(response.headers.get("content-type"), label).toBe("application/problem+json");
        const problem = (await response.json()) as { type: string };
        expect(["https://palestra.dev/problems/insufficient_scope", "https://palestra.dev/problems/session_required"], label).toContain(problem.type);
        refused.push(label);
      }
    }
    expect(refused.sort()).toEqual(
      expect.arrayContaining([
        "DELETE /api/v1/api-keys/some-id",
        "DELETE /api/v1/measurements/2026-01-02",
        "DELETE /api/v1/qa/faults",
        "POST /api/v1/api-keys",
        "POST /api/v1/chat",
        "POST /api/v1/qa/faults",
        "PUT /api/v1/measurements/2026-01-02",
      ]),
    );
    const { inspection } = harness.store;
    expect(await inspection.countRows({ table: "measurement" })).toBe(0);
    expect(await inspection.countRows({ table: "fault" })).toBe(0);
    expect(await inspection.countRows({ table: "turn" })).toBe(0);
  });

  it("still reads, and a read_write key writes", async () => {
    const ana = await harness.signUp("ana@example.org");
    const keysRoute = await import("@/app/api/v1/api-keys/route");
    const measurementRoute = await import("@/app/api/v1/measurements/[date]/route");
    const make = async (scope: string) =>
      (
        (await (
          await keysRoute.POST(
            new Request(`${TEST_ORIGIN}/api/v1/api-keys`, {
              method: "POST",
              headers: { ...ana.headers, "content-type": "application/json" },
              body: JSON.stringify({ name: scope, scope }),
            }),
            { params: Promise.resolve({}) },
          )
        ).json()) as { key: string }
      ).key;
    const reader = await make("read");
    const writer = await make("read_write");
    const put = (key: string) =>
      measurementRoute.PUT(
        new Request(`${TEST_ORIGIN}/api/v1/measurements/2026-01-02`, {
          method: "PUT",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": `"${key.slice(-8)}"` },
          body: JSON.stringify({ values: { weight_kg: 70 } }),
        }),
        { params: Promise.resolve({ date: "2026-01-02" }) },
      );
    expect((await put(reader)).status).toBe(403);
    expect((await put(writer)).status).toBe(201);
    const read = await measurementRoute.GET(new Request(`${TEST_ORIGIN}/api/v1/measurements/2026-01-02`, { headers: { authorization: `Bearer ${reader}` } }), {
      params: Promise.resolve({ date: "2026-01-02" }),
    });
    expect(read.status).toBe(200);
  });
});
