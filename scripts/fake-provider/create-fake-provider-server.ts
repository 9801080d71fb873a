// A fake model provider: serves the four wire APIs with decisions from a Decide function, records every request,
// and fails or answers from a script on demand, so tests drive the real SDK code paths with no network.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ModelResponse } from "../../lib/agent/providers/types";
import { googleErrorBody } from "./google-error-body";
import { isPaced, noPacing, paceResponse, pacingSchema, type Pacing } from "./pace-response";
import { fakeRoutes } from "./routes/index";
import { scriptedResponsesSchema, scriptedTurnsSchema } from "./scripted-responses-schema";
import { createScriptedTurnStore, ScriptExhaustedError } from "./scripted-turns";
import { sendJson } from "./sse";
import type { Decide, FailureRule, FakeRouteContext, RecordedRequest } from "./types";

export type FakeProviderServer = {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close: () => Promise<void>;
};

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function anthropicErrorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  return "api_error";
}

/** The error body of the path's API, carrying `message`. */
function failureBody(path: string, status: number, message: string): unknown {
  if (path === "/v1/messages") return { type: "error", error: { type: anthropicErrorType(status), message } };
  if (path === "/v1beta/interactions") return googleErrorBody(status, message);
  return { error: { message, type: status < 500 ? "invalid_request_error" : "server_error", code: status } };
}

/** `pacing` makes every model answer take a real model's time (see pace-response.ts); POST /_pacing changes it. */
export async function startFakeProviderServer(options: { decide: Decide; port?: number; host?: string; pacing?: Pacing }): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  let pacing = options.pacing ?? noPacing;
  const failures: FailureRule[] = [];
  /** Decisions queued by POST /_script: the next model requests take them in order, before the Decide function. */
  const scripted: ModelResponse[] = [];
  /** Turns scripted by the person's message (POST /_script/turns): after the queue, before the Decide function. */
  const scriptedTurns = createScriptedTurnStore();
  let counter = 0;
  const context: FakeRouteContext = {
    decide: (input) => scripted.shift() ?? scriptedTurns.respond(input.history) ?? options.decide(input),
    nextId: (prefix) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36).padStart(4, "0")}`,
  };

  // Every failure is answered inside (a 400 or 500), so the promise never rejects; node's server ignores it either way.
  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const arrivedAt = performance.now();
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    try {
      const text = await readBody(request);
      if (path === "/_requests") {
        if (request.method === "DELETE") requests.length = 0;
        // ?brief=1 leaves out headers and bodies: a load test's log of thousands of requests stays small.
        const brief = new URL(request.url ?? "/", "http://fake").searchParams.get("brief") === "1";
        return sendJson(response, 200, { requests: brief ? requests.map(({ headers: _headers, body: _body, ...rest }) => rest) : requests });
      }
      if (path === "/_fail" && request.method === "POST") {
        const rule = JSON.parse(text || "{}") as Partial<FailureRule> & { count?: number };
        failures.push({
          status: rule.status ?? 500,
          remaining: rule.count ?? 1,
          path: rule.path,
          body: rule.body,
          delayMs: rule.delayMs,
          retryAfterMs: rule.retryAfterMs,
        });
        return sendJson(response, 200, { armed: failures.length });
      }
      if (path === "/_fail" && request.method === "DELETE") {
        failures.length = 0;
        return sendJson(response, 200, { armed: 0 });
      }
      if (path === "/_script" && request.method === "POST") {
        const parsed = scriptedResponsesSchema.safeParse(JSON.parse(text || "{}"));
        if (!parsed.success) return sendJson(response, 400, { error: { message: parsed.error.message } });
        scripted.push(...parsed.data.responses);
        return sendJson(response, 200, { scripted: scripted.length });
      }
      if (path === "/_script/turns" && request.method === "POST") {
        const parsed = scriptedTurnsSchema.safeParse(JSON.parse(text || "{}"));
        if (!parsed.success) return sendJson(response, 400, { error: { message: parsed.error.message } });
        return sendJson(response, 200, { turns: scriptedTurns.add(parsed.data.turns) });
      }
      if (path === "/_pacing" && request.method === "GET") return sendJson(response, 200, { pacing });
      if (path === "/_pacing" && request.method === "POST") {
        const parsed = pacingSchema.safeParse(JSON.parse(text || "{}"));
        if (!parsed.success) return sendJson(response, 400, { error: { message: parsed.error.message } });
        pacing = parsed.data;
        return sendJson(response, 200, { pacing });
      }
      if (path === "/_pacing" && request.method === "DELETE") {
        pacing = noPacing;
        return sendJson(response, 200, { pacing });
      }
      if (path === "/_script" && request.method === "DELETE") {
        scripted.length = 0;
        scriptedTurns.clear();
        return sendJson(response, 200, { scripted: 0 });
      }
      const route = fakeRoutes[path];
      if (!route || request.method !== "POST") return sendJson(response, 404, { error: { message: `No route ${request.method} ${path}` } });
      const body: unknown = text ? JSON.parse(text) : {};
      const recorded: RecordedRequest = { at: new Date().toISOString(), method: request.method, path, headers: request.headers, body };
      requests.push(recorded);
      // Measured, not assumed from the pacing: load tests subtract it from a turn's time to get what the app added.
      response.once("finish", () => {
        recorded.durationMs = Number((performance.now() - arrivedAt).toFixed(3));
      });
      const failure = failures.find((rule) => rule.remaining > 0 && (!rule.path || rule.path === path));
      if (failure) {
        failure.remaining -= 1;
        if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
        recorded.status = failure.status;
        // The SDKs honour retry-after-ms, so their bounded retries run without backoff sleeps in tests.
        // 1, not 0: the Anthropic and Google SDKs treat 0 as "use the normal backoff".
        const retryAfterMs = String(failure.retryAfterMs ?? 1);
        return sendJson(response, failure.status, failure.body ?? failureBody(path, failure.status, `Injected failure ${failure.status}`), {
          "retry-after-ms": retryAfterMs,
        });
      }
      const paced = isPaced(pacing) ? paceResponse(response, { pacing, arrivedAt }) : undefined;
      const requestContext: FakeRouteContext = {
        ...context,
        decide: (input) => {
          recorded.lastUserMessage = input.history.findLast((item) => item.type === "user")?.text;
          return context.decide(input);
        },
      };
      try {
        await route({ body, request, response, context: requestContext });
      } catch (error) {
        paced?.abandon();
        throw error;
      }
      await paced?.release();
      // A route may refuse a malformed request (400) as the real API does; the log keeps what was answered.
      recorded.status = response.statusCode;
    } catch (error) {
      // Not retried by the SDKs: a script that ran out is a broken test, not a flaky provider.
      if (error instanceof ScriptExhaustedError && !response.headersSent) return sendJson(response, 400, failureBody(path, 400, error.message));
      if (!response.headersSent) sendJson(response, 500, { error: { message: error instanceof Error ? error.message : "fake provider failure" } });
      else response.end();
    }
  };
  const server = http.createServer((request, response) => void handle(request, response));

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
