// The hostile-input drill: repeats each finding of the independent test of the running server (issue 13) against a
// production server of this build, and measures the body cap under ten concurrent 300 MB uploads, chunked and not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildProduction, findStaleBuildReason } from "../../bench/check-production-build";
import { startAppServer } from "../../bench/start-app-server";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import {
  checkApiErrorShapes,
  checkIdempotencyKey,
  checkOpenApiDocument,
  checkPasswordPolicy,
  checkSecurityHeaders,
  checkSignUpDisclosure,
  type FindingResult,
  type ServerUnderTest,
} from "./hostile-findings";
import { rawRequest } from "./raw-request";
import { floodUploads, type FloodFigures } from "./upload-flood";

const MB = 1_000_000;
/** The bound: the server's RSS stays within 100 MB of its idle size under ten concurrent 300 MB uploads. */
const RSS_HEADROOM_MB = 100;

export async function runHostileDrill(options: { uploads: number; uploadBytes: number }): Promise<DrillReport> {
  const started = performance.now();
  const checker = createTargetChecker();
  const figures: Record<string, number | string> = {};
  const stale = findStaleBuildReason();
  if (stale) {
    console.log(`hostile-input: building the app first (${stale})`);
    const built = buildProduction();
    if (!built.ok) return { name: "hostile-input", passed: false, figures, failures: [built.reason], durationMs: performance.now() - started };
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-hostile-"));
  const server = await startAppServer({ directory: path.join(directory, "app"), env: { PALESTRA_QA: "1" } });
  const httpsServer = await startAppServer({ directory: path.join(directory, "https"), env: { BETTER_AUTH_URL: "https://palestra.example.org" } });
  try {
    // Warm the routes the floods hit, so first-compile memory is part of "idle", not of the flood.
    for (const target of ["/api/health", "/login", "/api/v1/measurements"]) await (await fetch(`${server.url}${target}`)).arrayBuffer();
    await fetch(`${server.url}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: "{}" });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleRss = server.readRssBytes();
    figures.idleRssMb = Math.round(idleRss / MB);

    // Findings 1 and 2, one request each: a 250 MiB body to sign-in, a chunked 300 MB body to the chat.
    const signIn = await rawRequest({
      url: server.url,
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      uploadBytes: 250 * 1024 * 1024,
      declareLength: true,
    });
    checker.expect(
      signIn.status === 413 && signIn.headers["content-type"] === "application/problem+json",
      `a 250 MiB sign-in body answered ${signIn.status} ${signIn.headers["content-type"]}`,
    );
    const chat = await rawRequest({
      url: server.url,
      method: "POST",
      path: "/api/v1/chat",
      headers: { "content-type": "application/json" },
      uploadBytes: 300 * MB,
      declareLength: false,
    });
    checker.expect(chat.status === 413 && chat.headers["content-type"] === "application/problem+json", `a chunked 300 MB chat body answered ${chat.status}`);

    const floods: [string, { path: string; chunked: boolean; ignoreAnswer?: boolean }][] = [
      ["signInDeclared", { path: "/api/auth/sign-in/email", chunked: false }],
      ["signUpChunked", { path: "/api/auth/sign-up/email", chunked: true }],
      ["chatChunked", { path: "/api/v1/chat", chunked: true }],
      ["chatDeclared", { path: "/api/v1/chat", chunked: false }],
      ["pageActionChunked", { path: "/measurements", chunked: true }],
      // Uploaders that ignore the 413 and keep writing: the server must cut them off and keep serving meanwhile.
      ["chatChunkedIgnoringAnswer", { path: "/api/v1/chat", chunked: true, ignoreAnswer: true }],
    ];
    let peakRss = idleRss;
    for (const [name, flood] of floods) {
      const result: FloodFigures = await floodUploads({
        url: server.url,
        ...flood,
        uploads: options.uploads,
        bytes: options.uploadBytes,
        readRssBytes: server.readRssBytes,
        headers: { origin: server.url },
      });
      peakRss = Math.max(peakRss, result.peakRssMb * MB);
      figures[`${name}Statuses`] = Object.entries(result.statuses)
        .map(([status, count]) => `${count}x${status}`)
        .join("+");
      figures[`${name}SentMb`] = result.megabytesSent;
      figures[`${name}PeakRssMb`] = result.peakRssMb;
      figures[`${name}HealthOk`] = `${result.healthChecks - result.healthFailures}/${result.healthChecks}`;
      figures[`${name}HealthMaxMs`] = result.healthP100Ms;
      checker.expect(result.statuses["413"] === options.uploads, `${name}: ${JSON.stringify(result.statuses)}, expected ${options.uploads} x 413`);
      checker.expect(
        result.healthFailures === 0 && result.healthChecks > 0,
        `${name}: ${result.healthFailures} of ${result.healthChecks} health checks failed during the uploads`,
      );
    }
    figures.peakRssOverIdleMb = Math.round((peakRss - idleRss) / MB);
    checker.expect(
      peakRss - idleRss <= RSS_HEADROOM_MB * MB,
      `RSS rose ${Math.round((peakRss - idleRss) / MB)} MB over idle (target <= ${RSS_HEADROOM_MB} MB)`,
    );
    const alive = await fetch(`${server.url}/api/health`);
    checker.expect(alive.ok, `after the uploads /api/health answered ${alive.status}`);

    const subject: ServerUnderTest = { url: server.url, httpsConfiguredUrl: httpsServer.url };
    const findings: [string, (server: ServerUnderTest) => Promise<FindingResult>][] = [
      ["headers", checkSecurityHeaders],
      ["signUp", checkSignUpDisclosure],
      ["passwords", checkPasswordPolicy],
      ["errors", checkApiErrorShapes],
      ["openapi", checkOpenApiDocument],
      ["idempotencyKey", checkIdempotencyKey],
    ];
    for (const [name, check] of findings) {
      const result = await check(subject);
      for (const [figure, value] of Object.entries(result.figures)) figures[`${name}.${figure}`] = value;
      for (const failure of result.failures) checker.expect(false, `${name}: ${failure}`);
    }
  } finally {
    await server.stop();
    await httpsServer.stop();
    fs.rmSync(directory, { recursive: true, force: true });
  }
  return { name: "hostile-input", passed: checker.failures.length === 0, figures, failures: checker.failures, durationMs: performance.now() - started };
}
