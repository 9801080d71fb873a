import { describe, expect, it } from "vitest";
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
      "/api/metrics",
      "/api/v1/chat",
      "/api/v1/conversations",
      "/api/v1/conversations/{id}",
      "/api/v1/measurements",
      "/api/v1/measurements/{date}",
      "/api/v1/qa/faults",
      "/api/v1/turns/{id}",
    ]);
  });

  it("resolves every schema reference to a generated component", () => {
    const references = collectReferences(document.paths);
    expect(references.length).toBeGreaterThan(10);
    for (const reference of references) {
      const name = reference.replace("#/components/schemas/", "");
      expect(document.components.schemas, reference).toHaveProperty(name);
    }
  });

  it("generates the bodies from the zod schemas: the chat request's fields and the measurement fields", () => {
    const chat = document.components.schemas.ChatRequest as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(chat.properties).sort()).toEqual(["conversationId", "locale", "message"]);
    expect(chat.required).toEqual(["message"]);
    const put = document.components.schemas.PutMeasurementBody as { properties: { values: { properties: Record<string, unknown> } } };
    expect(Object.keys(put.properties).sort()).toEqual(["note", "replace", "values"]);
    expect(put.properties.values.properties).toHaveProperty("weight_kg", expect.objectContaining({ minimum: 20, maximum: 400 }));
  });

  it("documents every stored write resolution, refused included, and null", () => {
    type Property = { anyOf?: { type: string; enum?: string[] }[]; description?: string };
    const detail = document.components.schemas.ConversationDetail as {
      properties: { messages: { items: { properties: { toolCalls: { items: { properties: { resolution: Property } } } } } } };
    };
    const resolution = detail.properties.messages.items.properties.toolCalls.items.properties.resolution;
    expect(resolution.anyOf).toEqual([{ type: "string", enum: ["saved", "not_saved", "refused"] }, { type: "null" }]);
    expect(resolution.description).toContain("refused (it completed as a refusal");
  });

  it("lists tool-call-skipped among the chat's SSE events, with its fields and reasons", () => {
    const description = document.paths["/api/v1/chat"].post.description;
    expect(description).toContain("tool-call-end, tool-call-skipped, text-delta");
    expect(description).toContain("tool-call-skipped `{ toolCallId, callId, name, arguments, reason, idempotencyKey? }`");
    expect(description).toContain("turn_stopped");
    expect(description).toContain("round_limit");
  });

  it("documents the conversations cursor as before plus beforeId, answered by nextBefore plus nextBeforeId", () => {
    const parameters = document.paths["/api/v1/conversations"].get.parameters as { name: string; description?: string }[];
    expect(parameters.map((parameter) => parameter.name)).toEqual(["limit", "before", "beforeId"]);
    expect(parameters.find((parameter) => parameter.name === "beforeId")?.description).toBe("The nextBeforeId of the previous page; only together with before.");
    const list = document.components.schemas.ConversationList as { properties: Record<string, unknown>; required: string[] };
    expect(list.required.sort()).toEqual(["conversations", "nextBefore", "nextBeforeId"]);
  });
});
