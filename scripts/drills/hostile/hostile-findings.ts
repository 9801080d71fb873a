// The findings of the independent test of the running server (issue 13), each repeated against a server of this build.
// A check returns what it measured and every way the finding came back; an empty list means it stays fixed.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { rawRequest } from "./raw-request";

export type FindingResult = { figures: Record<string, number | string>; failures: string[] };
export type ServerUnderTest = { url: string; httpsConfiguredUrl: string };

let addressCounter = 0;
/** A client address of its own per call (the drill's server trusts X-Forwarded-For), so no per-address limit interferes. */
function clientHeaders(url: string): Record<string, string> {
  addressCounter += 1;
  return { origin: url, "content-type": "application/json", "x-forwarded-for": `10.66.${addressCounter >> 8}.${addressCounter & 255}` };
}

const isProblem = (headers: Headers | Record<string, string | string[] | undefined>, status: number, actual: number) => {
  const type = headers instanceof Headers ? headers.get("content-type") : headers["content-type"];
  return actual === status && type === "application/problem+json";
};

async function signUpAndSignIn(url: string, email: string, password: string): Promise<{ signUp: Response; token: string | null }> {
  const headers = clientHeaders(url);
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ name: "Drill", email, password }) });
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  return { signUp, token: signIn.ok ? signIn.headers.get("set-auth-token") : null };
}

/** Findings 3: security headers on pages, API answers and refusals; a page's nonce matches its scripts; HSTS on https only. */
export async function checkSecurityHeaders(server: ServerUnderTest): Promise<FindingResult> {
  const failures: string[] = [];
  const targets = ["/login", "/signup", "/measurements", "/account", "/api/v1/measurements", "/api/v1/nope", "/api/health"];
  for (const target of targets) {
    const response = await fetch(`${server.url}${target}`, { redirect: "manual" });
    const headers = response.headers;
    if (headers.get("x-content-type-options") !== "nosniff") failures.push(`${target}: no X-Content-Type-Options: nosniff`);
    if (!headers.get("referrer-policy")) failures.push(`${target}: no Referrer-Policy`);
    if (headers.get("x-frame-options") !== "DENY") failures.push(`${target}: framing not denied by X-Frame-Options`);
    if (!/frame-ancestors 'none'/.test(headers.get("content-security-policy") ?? "")) failures.push(`${target}: no CSP frame-ancestors 'none'`);
    if (headers.get("strict-transport-security")) failures.push(`${target}: HSTS over a plain-http BETTER_AUTH_URL`);
    await response.arrayBuffer();
  }
  const page = await fetch(`${server.url}/login`);
  const policy = page.headers.get("content-security-policy") ?? "";
  const html = await page.text();
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) failures.push("/login: the CSP names no nonce");
  if (/unsafe-eval/.test(policy)) failures.push("/login: the CSP allows unsafe-eval");
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
  const withoutNonce = scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`));
  if (scripts.length === 0 || withoutNonce.length > 0) failures.push(`/login: ${withoutNonce.length} of ${scripts.length} script tags lack the CSP nonce`);
  const second = (await fetch(`${server.url}/login`)).headers.get("content-security-policy") ?? "";
  if (/'nonce-([^']+)'/.exec(second)?.[1] === nonce) failures.push("/login: the same nonce served twice");
  const https = await fetch(`${server.httpsConfiguredUrl}/api/health`);
  if (!https.headers.get("strict-transport-security")) failures.push("no HSTS although BETTER_AUTH_URL is https");
  await https.arrayBuffer();
  return { figures: { pathsChecked: targets.length, scriptsWithNonce: scripts.length - withoutNonce.length }, failures };
}

/** Finding 4: sign-up answers a taken email as it answers a new one. */
export async function checkSignUpDisclosure(server: ServerUnderTest): Promise<FindingResult> {
  const failures: string[] = [];
  const email = `drill-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = `drill-${crypto.randomUUID()}`;
  const first = await signUpAndSignIn(server.url, email, password);
  if (!first.token) failures.push(`a new account could not sign in after sign-up (${first.signUp.status})`);
  const answer = async (address: string) => {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: clientHeaders(server.url),
      body: JSON.stringify({ name: "Drill", email: address, password: `other-${crypto.randomUUID()}` }),
    });
    const body = (await response.json().catch(() => null)) as { token?: unknown; user?: Record<string, unknown> } | null;
    return {
      status: response.status,
      cookie: response.headers.get("set-cookie"),
      keys: Object.keys(body?.user ?? {})
        .sort()
        .join(","),
      token: body?.token ?? "absent",
    };
  };
  const taken = await answer(email);
  const fresh = await answer(`drill-${crypto.randomUUID().slice(0, 8)}@example.test`);
  if (JSON.stringify(taken) !== JSON.stringify(fresh)) failures.push(`a taken email is answered ${JSON.stringify(taken)}, a new one ${JSON.stringify(fresh)}`);
  return { figures: { takenStatus: taken.status, newStatus: fresh.status }, failures };
}

/** Finding 5: the passwords the test got accepted are refused, and nothing is created. */
export async function checkPasswordPolicy(server: ServerUnderTest): Promise<FindingResult> {
  const failures: string[] = [];
  const email = `weak-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const weak = ["12345678", "password", "        ", email, "password1234", "qwertyuiop123"];
  for (const password of weak) {
    const { signUp, token } = await signUpAndSignIn(server.url, email, password);
    if (signUp.status !== 400 || token) failures.push(`${JSON.stringify(password)}: sign-up answered ${signUp.status}${token ? " and signs in" : ""}`);
  }
  return { figures: { weakPasswordsRefused: weak.length - failures.length, of: weak.length }, failures };
}

/** Findings 6 and 7: malformed paths, unknown paths and other methods answer problem+json. */
export async function checkApiErrorShapes(server: ServerUnderTest): Promise<FindingResult> {
  const failures: string[] = [];
  const malformed = await rawRequest({ url: server.url, method: "GET", path: "/api/v1/measurements/%" });
  if (!isProblem(malformed.headers as Record<string, string>, 400, malformed.status))
    failures.push(`/api/v1/measurements/% answered ${malformed.status} ${malformed.headers["content-type"]}`);
  for (const target of ["/api/v1", "/api/v1/nope", "/api/v1/conversations/x/y"]) {
    const response = await fetch(`${server.url}${target}`);
    if (!isProblem(response.headers, 404, response.status)) failures.push(`${target} answered ${response.status} ${response.headers.get("content-type")}`);
    await response.arrayBuffer();
  }
  const dotted = await rawRequest({ url: server.url, method: "GET", path: "/api/v1/conversations/.." });
  const landing = dotted.status >= 300 && dotted.status < 400 ? await fetch(new URL(String(dotted.headers.location), server.url)) : null;
  if (!landing || !isProblem(landing.headers, 404, landing.status))
    failures.push(`/api/v1/conversations/.. ends in ${landing?.status ?? dotted.status}, not a 404 problem`);
  for (const [method, target] of [
    ["POST", "/api/v1/measurements"],
    ["DELETE", "/api/v1/chat"],
    ["PATCH", "/api/v1/measurements/2020-01-01"],
    ["PUT", "/api/v1/openapi.json"],
  ]) {
    const response = await fetch(`${server.url}${target}`, { method, headers: { origin: server.url } });
    if (!isProblem(response.headers, 405, response.status) || !response.headers.get("allow"))
      failures.push(`${method} ${target} answered ${response.status} without a problem and Allow`);
    await response.arrayBuffer();
  }
  return { figures: { checked: 9 }, failures };
}

/** Finding 8: the served document lints clean under Redocly's recommended rules and lists the 400 of id=abc. */
export async function checkOpenApiDocument(server: ServerUnderTest): Promise<FindingResult> {
  const failures: string[] = [];
  const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
  };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-drill-openapi-"));
  let totals = { errors: -1, warnings: -1 };
  try {
    fs.writeFileSync(path.join(folder, "openapi.json"), JSON.stringify(document));
    const run = spawnSync(
      path.join(process.cwd(), "node_modules", ".bin", "redocly"),
      ["lint", "--extends=recommended", "--format=json", path.join(folder, "openapi.json")],
      {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    totals = (JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as { totals: typeof totals }).totals;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  if (totals.errors !== 0 || totals.warnings !== 0) failures.push(`Redocly recommended: ${totals.errors} errors, ${totals.warnings} warnings`);
  const operations = Object.values(document.paths).flatMap((item) =>
    Object.values(item).filter((value) => typeof value === "object" && value !== null && "responses" in value),
  );
  const withoutId = operations.filter((operation) => !operation.operationId).length;
  if (withoutId > 0) failures.push(`${withoutId} operations without operationId`);
  if (!document.paths["/api/v1/qa/faults"]?.delete?.responses["400"]) failures.push("DELETE /api/v1/qa/faults does not list its 400");
  return { figures: { operations: operations.length, lintErrors: totals.errors, lintWarnings: totals.warnings }, failures };
}

/** Finding 9: Idempotency-Key as an RFC 8941 string or token, two headers refused, 409 in flight with Retry-After. */
export async function checkIdempotencyKey(server: ServerUnderTest): Promise<FindingResult> {
  const failures: string[] = [];
  const email = `keys-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const { token } = await signUpAndSignIn(server.url, email, `drill-${crypto.randomUUID()}`);
  if (!token) return { figures: {}, failures: ["could not sign up a user for the check"] };
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const put = (date: string, key: string | string[]) =>
    rawRequest({
      url: server.url,
      method: "PUT",
      path: `/api/v1/measurements/${date}`,
      headers: { ...auth, "idempotency-key": key },
      body: JSON.stringify({ values: { weight_kg: 70 } }),
    });
  const quoted = await put("2020-03-01", '"drill-key"');
  const bare = await put("2020-03-01", "drill-key");
  if (quoted.status !== 201 || bare.status !== 201 || bare.headers["idempotent-replayed"] !== "true")
    failures.push(`"drill-key" then drill-key answered ${quoted.status}, ${bare.status} (replayed: ${bare.headers["idempotent-replayed"] ?? "no"})`);
  const twice = await put("2020-03-02", ['"a"', '"b"']);
  if (!isProblem(twice.headers as Record<string, string>, 400, twice.status)) failures.push(`two Idempotency-Key headers answered ${twice.status}`);
  await fetch(`${server.url}/api/v1/qa/faults`, { method: "POST", headers: auth, body: JSON.stringify({ target: "write", mode: "slow", count: 1 }) });
  const [first, second] = await Promise.all([put("2020-03-03", "in-flight"), put("2020-03-03", "in-flight")]);
  const refused = [first, second].find((answer) => answer.status === 409);
  if (!refused || !refused.headers["retry-after"])
    failures.push(`two requests in flight answered ${first.status} and ${second.status}${refused ? " without Retry-After" : ""}`);
  return { figures: { quoted: quoted.status, bare: bare.status, twoHeaders: twice.status, inFlight: refused?.status ?? "none" }, failures };
}
