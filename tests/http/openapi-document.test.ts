import { describe, expect, it } from "vitest";
import { providerNames } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/http/openapi-document";

function collectReferences(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectReferences(item, found));
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") found.push(item);
      else collectReferences(item, found);
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument();

  it("is OpenAPI 3.1 and lists every route of the product's table", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([
      "/api/health",
      "/api/metrics",
      "/api/ready",
      "/api/v1/api-keys",
      "/api/v1/api-keys/{id}",
      "/api/v1/chat",
      "/api/v1/conversations",
      "/api/v1/conversations/{id}",
      "/api/v1/goals/{field}",
      "/api/v1/measurements",
      "/api/v1/measurements/import",
      "/api/v1/measurements/{date}",
      "/api/v1/openapi.json",
      "/api/v1/qa/faults",
      "/api/v1/trend",
      "/api/v1/turns/{id}",
    ]);
  });

  it("resolves every reference to a component", () => {
    const references = collectReferences({ paths: document.paths, components: document.components });
    expect(references.length).toBeGreaterThan(10);
    for (const reference of references) {
      const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(reference) ?? [];
      expect((document.components as Record<string, Record<string, unknown>>)[kind ?? ""], reference).toHaveProperty([name ?? ""]);
    }
  });

  it("gives every operation an operationId and a declared tag, and names the license", () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.entries(item).filter(([method]) => ["get", "post", "put", "delete", "options"].includes(method)),
    );
    expect(operations.length).toBe(34);
    const ids = operations.map(([, operation]) => (operation as { operationId: string }).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, operation] of operations) for (const tag of (operation as { tags: string[] }).tags) expect(tags).toContain(tag);
    expect(document.info.license).toEqual({ name: "GNU Affero General Public License v3.0 or later", identifier: "AGPL-3.0-or-later" });
  });

  it("refuses values without a measurement, as the server does", () => {
    const put = document.components.schemas.PutMeasurementBody as { properties: { values: { minProperties: number } } };
    expect(put.properties.values.minProperties).toBe(1);
  });

  it("declares the headers the server sends: Retry-After, Idempotent-Replayed, WWW-Authenticate, Allow", () => {
    const text = JSON.stringify(document.paths) + JSON.stringify(document.components.responses);
    for (const name of ["Retry-After", "Idempotent-Replayed", "WWW-Authenticate", "Allow"]) expect(text).toContain(`"#/components/headers/${name}"`);
  });

  it("generates the bodies from the zod schemas: the chat request's fields and the measurement fields", () => {
    const chat = document.components.schemas.ChatRequest as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(chat.properties).sort()).toEqual(["conversationId", "locale", "message", "timeZone"]);
    expect(chat.required).toEqual(["message"]);
    const put = document.components.schemas.PutMeasurementBody as { properties: { values: { properties: Record<string, unknown> } } };
    expect(Object.keys(put.properties).sort()).toEqual(["note", "replace", "values"]);
    expect(put.properties.values.properties).toHaveProperty("weight_kg", expect.objectContaining({ minimum: 20, maximum: 400 }));
  });

  it("documents the time zone: the chat's optional timeZone field and PUT's optional Time-Zone header", () => {
    const chat = document.components.schemas.ChatRequest as {
      properties: { timeZone: { type: string; minLength: number; maxLength: number; description: string } };
    };
    expect(chat.properties.timeZone).toMatchObject({ type: "string", minLength: 1, maxLength: 100 });
    expect(chat.properties.timeZone.description).toContain("IANA time zone");
    type Parameter = { name: string; in: string; required: boolean; description: string; schema: Record<string, unknown> };
    const put = (document.paths["/api/v1/measurements/{date}"] as { put: { parameters: Parameter[] } }).put;
    const header = put.parameters.find((parameter) => parameter.name === "Time-Zone");
    expect(header).toMatchObject({ in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 100 } });
    expect(header?.description).toContain("Used only to decide whether a date is in the future");
    // The same header on every measurement route that checks dates.
    const routes = document.paths["/api/v1/measurements/{date}"] as Record<"get" | "delete", { parameters: Parameter[] }>;
    const list = (document.paths["/api/v1/measurements"] as { get: { parameters: Parameter[] } }).get;
    for (const parameters of [routes.get.parameters, routes.delete.parameters, list.parameters]) expect(parameters).toContainEqual(header);
  });

  it("lists the QA provider header's values from COACH_PROVIDER's own list", () => {
    type Parameter = { name: string; schema: { enum?: string[] } };
    const chat = (document.paths["/api/v1/chat"] as { post: { parameters: Parameter[] } }).post;
    const header = chat.parameters.find((parameter) => parameter.name === "x-palestra-provider");
    expect(header?.schema.enum).toEqual(["offline", "openai", "anthropic", "google", "openai-chat"]);
    expect(header?.schema.enum).toEqual([...providerNames]);
  });

  it("says what a fault armed without a count lasts: 1 attempt for transient, until cleared for the other modes", () => {
    const arm = document.components.schemas.ArmFault as {
      properties: { count: { description?: string; minimum: number; maximum: number } };
      required: string[];
    };
    expect(arm.required.sort()).toEqual(["mode", "target"]);
    expect(arm.properties.count).toMatchObject({ minimum: 1, maximum: 1_000 });
    expect(arm.properties.count.description).toContain("When omitted: 1 for transient, until cleared for the other modes.");
    const post = (document.paths["/api/v1/qa/faults"] as { post: { description: string } }).post;
    expect(post.description).toContain("when omitted, 1 for transient (it fails the first attempt, then works) and until cleared for the other modes.");
  });

  it("documents every stored write resolution, saved_now and refused included, and null", () => {
    type Property = { anyOf?: { type: string; enum?: string[] }[]; description?: string };
    const detail = document.components.schemas.ConversationDetail as {
      properties: { messages: { items: { properties: { toolCalls: { items: { properties: { resolution: Property } } } } } } };
    };
    const resolution = detail.properties.messages.items.properties.toolCalls.items.properties.resolution;
    expect(resolution.anyOf).toEqual([{ type: "string", enum: ["saved", "saved_now", "not_saved", "refused"] }, { type: "null" }]);
    expect(resolution.description).toContain("refused (it completed as a refusal");
    expect(resolution.description).toContain("saved (its own save went through");
    expect(resolution.description).toContain("saved_now (a re-run the person asked for");
  });

  it("documents the turn's own resolution on the turn trace and on a conversation's turns", () => {
    type Property = { anyOf?: { type: string; enum?: string[] }[]; description?: string };
    const trace = document.components.schemas.TurnTrace as { properties: { resolution: Property }; required: string[] };
    const detail = document.components.schemas.ConversationDetail as { properties: { turns: { items: { properties: { resolution: Property } } } } };
    for (const resolution of [trace.properties.resolution, detail.properties.turns.items.properties.resolution]) {
      expect(resolution.anyOf).toEqual([{ type: "string", enum: ["saved", "saved_now", "not_saved", "refused"] }, { type: "null" }]);
      expect(resolution.description).toContain("Null while any is unresolved");
    }
    expect(trace.required).toContain("resolution");
  });

  it("declares every SSE event of the chat with a schema, tool-call-skipped with its fields and reasons", () => {
    type EventSchema = { properties: { event: { const: string }; data: { properties?: Record<string, { enum?: string[] }>; $ref?: string } } };
    const union = document.components.schemas.ChatStreamEvent as { oneOf: EventSchema[] };
    const events = Object.fromEntries(union.oneOf.map((entry) => [entry.properties.event.const, entry.properties.data]));
    expect(Object.keys(events).sort()).toEqual(
      [
        "error",
        "model-request-end",
        "model-request-start",
        "text-delta",
        "tool-call-end",
        "tool-call-skipped",
        "tool-call-start",
        "turn-end",
        "turn-start",
      ].sort(),
    );
    expect(Object.keys(events["tool-call-skipped"]?.properties ?? {}).sort()).toEqual([
      "arguments",
      "callId",
      "idempotencyKey",
      "name",
      "reason",
      "toolCallId",
      "type",
    ]);
    expect(events["tool-call-skipped"]?.properties?.reason?.enum).toEqual(["turn_stopped", "round_limit"]);
    const stream = document.paths["/api/v1/chat"].post.responses[200].content["text/event-stream"].schema;
    expect(stream.contentSchema).toEqual({ type: "array", items: { $ref: "#/components/schemas/ChatStreamEvent" } });
  });

  it("documents the conversations cursor as before plus beforeId, answered by nextBefore plus nextBeforeId", () => {
    const parameters = document.paths["/api/v1/conversations"].get.parameters as { name: string; description?: string }[];
    expect(parameters.map((parameter) => parameter.name)).toEqual(["limit", "before", "beforeId"]);
    expect(parameters.find((parameter) => parameter.name === "beforeId")?.description).toBe(
      "The nextBeforeId of the previous page; only together with before.",
    );
    const list = document.components.schemas.ConversationList as { properties: Record<string, unknown>; required: string[] };
    expect(list.required.sort()).toEqual(["conversations", "nextBefore", "nextBeforeId"]);
  });
});
