import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { config, proxy } from "@/proxy";

const publicUrl = "https://palestra.example.org";
const pageUrl = "http://127.0.0.1:3100/measurements";
let folder: string;
const saved = { BETTER_AUTH_URL: process.env.BETTER_AUTH_URL, BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET, DATABASE_PATH: process.env.DATABASE_PATH };

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-proxy-"));
  Object.assign(process.env, { BETTER_AUTH_URL: publicUrl, BETTER_AUTH_SECRET: "x".repeat(32), DATABASE_PATH: path.join(folder, "palestra.db") });
  resetEnvForTests();
});

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** NextResponse.next() marks the request as passed on with this header; a refusal is a plain 403. */
function passedOn(response: Response): boolean {
  return response.headers.get("x-middleware-next") === "1";
}

function post(origin: string | null, url = pageUrl): NextRequest {
  return new NextRequest(url, {
    method: "POST",
    headers: { host: "127.0.0.1:3100", "next-action": "0123abcd", ...(origin === null ? {} : { origin }) },
    body: "[]",
  });
}

describe("proxy: the cross-site guard in front of server actions", () => {
  it("passes reads through whatever their Origin", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(passedOn(await proxy(new NextRequest(pageUrl, { method, headers: { origin: "https://evil.example" } }))), method).toBe(true);
    }
  });

  it("passes a POST from the public origin and from the origin the request was addressed to", async () => {
    expect(passedOn(await proxy(post(publicUrl)))).toBe(true);
    expect(passedOn(await proxy(post("http://127.0.0.1:3100")))).toBe(true);
  });

  it("refuses a POST with a foreign, an opaque null or no Origin with a 403 that is never cached", async () => {
    for (const origin of ["https://evil.example", "null", null, "http://127.0.0.1:3101"]) {
      const response = await proxy(post(origin));
      expect([passedOn(response), response.status, response.headers.get("cache-control")], String(origin)).toEqual([false, 403, "no-store"]);
      expect(await response.text()).toContain("Palestra page");
    }
    // Any mutating method, not only POST: a page never accepts one from another site.
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      expect((await proxy(new NextRequest(pageUrl, { method, headers: { host: "127.0.0.1:3100", origin: "null" } }))).status, method).toBe(403);
    }
  });

  it("refuses an action body that is not JSON, or nests too deep, with a 400 in our words; a well-formed one passes", async () => {
    const action = (body: string | FormData, contentType?: string) =>
      new NextRequest(pageUrl, {
        method: "POST",
        headers: { host: "127.0.0.1:3100", origin: publicUrl, "next-action": "0123abcd", ...(contentType ? { "content-type": contentType } : {}) },
        body,
      });
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    for (const body of ["{not json", deep, '["unterminated']) {
      const response = await proxy(action(body, "text/plain;charset=UTF-8"));
      expect([passedOn(response), response.status, response.headers.get("cache-control")]).toEqual([false, 400, "no-store"]);
      expect(await response.text()).toBe("This form's data could not be read. Reload the page and try again.\n");
    }
    const malformedPart = new FormData();
    malformedPart.append("1_units", "metric");
    malformedPart.append("0", '[{"status":"idle"},"$K1"');
    expect((await proxy(action(malformedPart))).status).toBe(400);
    const wellFormed = new FormData();
    wellFormed.append("1_units", "{not json, but a form field}");
    wellFormed.append("0", '[{"status":"idle"},"$K1"]');
    expect(passedOn(await proxy(action(wellFormed)))).toBe(true);
    expect(passedOn(await proxy(action('[{"date":"2020-01-01"}]', "text/plain;charset=UTF-8")))).toBe(true);
  });

  it("leaves the API and static assets to their own checks", () => {
    const matcher = new RegExp(`^${proxyMatcher()}$`);
    for (const route of ["/", "/measurements", "/account", "/qa", "/login", "/measurements/export"]) expect(matcher.test(route), route).toBe(true);
    for (const route of ["/api/v1/measurements", "/api/auth/sign-in/email", "/_next/static/chunks/a.js", "/_next/image/x", "/favicon.ico"]) {
      expect(matcher.test(route), route).toBe(false);
    }
  });
});

function proxyMatcher(): string {
  const [source] = config.matcher;
  return source ?? "";
}
