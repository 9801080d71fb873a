// Hostile JSON over every surface: 100,000-deep nesting, prototype keys (__proto__, constructor) and values of the
// wrong type, sent to MCP's tools/call, the HTTP API and the pages' server actions. Each answer is a 4xx (or a 200
// carrying our own refusal), never a 5xx, and no answer carries an internal exception's words.
import { randomUUID } from "node:crypto";
import { expect, test } from "./api-fixtures";
import { createApiKey, postMcp } from "./mcp-client";
import { actionIdOf as actionId } from "./server-actions";
const DEPTH = 100_000;
const payloads: Record<string, string> = {
  "deep array": `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`,
  "deep object": `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`,
  __proto__: '{"__proto__":{"polluted":true,"isAdmin":true},"date":"2020-01-01"}',
  constructor: '{"constructor":{"prototype":{"polluted":true}},"date":"2020-01-01"}',
  number: "12345678901234567890",
  null: "null",
  boolean: "true",
  array: '["2020-01-01"]',
  "operator object": '{"$gt":""}',
};

/** Words only an internal exception would put in an answer. */
const INTERNAL = /Maximum call stack|RangeError|TypeError|SyntaxError|ReferenceError|Unexpected token|node_modules|\bat .+:\d+:\d+|\/work\/|sqlite|postgres/i;

function expectOurs(label: string, status: number, text: string): void {
  expect(status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, label).not.toMatch(INTERNAL);
}

test("MCP tools/call: every hostile argument is a JSON-RPC refusal or an isError result in our words, never -32603", async ({ signUp, request }) => {
  const user = await signUp("hostile-mcp");
  const key = await createApiKey(user.bearer, "read_write");
  for (const [name, payload] of Object.entries(payloads)) {
    for (const [where, args] of [
      ["arguments.date", `{"date":${payload}}`],
      ["arguments", payload],
    ]) {
      const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_measurement","arguments":${args}}}`;
      const response = await postMcp(request, { key, body });
      const text = await response.text();
      const label = `MCP ${where} = ${name}`;
      expectOurs(label, response.status(), text);
      expect(text, label).not.toContain("-32603");
    }
  }
});

test("HTTP API: every hostile body is a 4xx problem in our words", async ({ signUp }) => {
  const user = await signUp("hostile-api");
  for (const [name, payload] of Object.entries(payloads)) {
    const cases = [
      { label: "PUT measurement values", path: "/api/v1/measurements/2020-01-01", method: "PUT", body: `{"values":${payload}}` },
      { label: "PUT measurement body", path: "/api/v1/measurements/2020-01-02", method: "PUT", body: payload },
      { label: "POST chat message", path: "/api/v1/chat", method: "POST", body: `{"message":${payload}}` },
      { label: "POST api key name", path: "/api/v1/api-keys", method: "POST", body: `{"name":${payload},"scope":"read"}` },
    ];
    for (const call of cases) {
      const response = await user.bearer.fetch(call.path, {
        method: call.method,
        data: Buffer.from(call.body),
        headers: { "content-type": "application/json", "idempotency-key": `"${randomUUID()}"` },
      });
      const text = await response.text();
      const label = `${call.label} = ${name}`;
      expectOurs(label, response.status(), text);
      // A well-formed body of the wrong type is refused; only a record that happens to be valid JSON of the right shape
      // could be saved, and none of these is.
      expect(response.status(), label).toBeGreaterThanOrEqual(400);
    }
  }
});

test("server actions: every hostile argument is refused before the action (400) or answered by its own check", async ({ signUp, appOrigin }) => {
  const user = await signUp("hostile-actions");
  for (const [name, payload] of Object.entries(payloads)) {
    for (const [action, args] of [
      ["renameConversationAction", `[{"conversationId":${payload},"title":"x"}]`],
      ["checkWriteAction", `[${payload}]`],
      ["restoreMeasurementAction", `[{"idempotencyKey":"${randomUUID()}","record":${payload}}]`],
    ] as const) {
      const response = await user.cookie.post("/", {
        headers: { "next-action": actionId(action), accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", origin: appOrigin },
        data: Buffer.from(args),
        maxRedirects: 0,
      });
      const text = await response.text();
      expectOurs(`${action}(${name})`, response.status(), text);
    }
  }
  // Bodies that are not JSON at all, as text and as a multipart part.
  for (const body of ["{not json", '["unterminated']) {
    const response = await user.cookie.post("/", {
      headers: { "next-action": actionId("checkWriteAction"), accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", origin: appOrigin },
      data: Buffer.from(body),
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toBe("This form's data could not be read. Reload the page and try again.\n");
  }
});
