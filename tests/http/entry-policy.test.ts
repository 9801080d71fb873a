import { describe, expect, it } from "vitest";
import { createEntryPolicy } from "@/lib/http/entry-policy";

describe("createEntryPolicy", () => {
  const policy = createEntryPolicy({ PALESTRA_MAX_BODY_BYTES: 1_048_576, authUrl: "http://localhost:3000" });

  it("carries the cap and the headers of every response", () => {
    expect(policy.maxBodyBytes).toBe(1_048_576);
    expect(policy.headers).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY" });
    expect(policy.headers["strict-transport-security"]).toBeUndefined();
  });

  it("refuses an oversized body with a 413 problem naming the cap", () => {
    const refusal = policy.bodyTooLarge("/api/v1/measurements/import");
    expect(refusal.status).toBe(413);
    expect(refusal.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(refusal.body)).toMatchObject({
      type: "https://palestra.dev/problems/payload_too_large",
      status: 413,
      detail: expect.stringContaining("1048576"),
    });
  });

  it("refuses an oversized body to /api/mcp with a 413 JSON-RPC error, as MCP clients read errors", () => {
    for (const path of ["/api/mcp", "/api/mcp/"]) {
      const refusal = policy.bodyTooLarge(path);
      expect(refusal.status).toBe(413);
      expect(refusal.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(refusal.body)).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: expect.stringContaining("at most 1048576 bytes") },
      });
    }
    expect(policy.bodyTooLarge("/api/mcpx").headers["content-type"]).toBe("application/problem+json");
  });

  it("refuses a malformed API path with a 400 problem, a page path with plain text", () => {
    expect(JSON.parse(policy.malformedPath("/api/v1/measurements/%").body)).toMatchObject({
      type: "https://palestra.dev/problems/invalid_request",
      status: 400,
    });
    expect(policy.malformedPath("/measurements/%")).toMatchObject({ status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  });

  it("refuses a repeated Idempotency-Key as idempotency_key_invalid", () => {
    expect(JSON.parse(policy.repeatedHeader("idempotency-key").body)).toMatchObject({
      type: "https://palestra.dev/problems/idempotency_key_invalid",
      status: 400,
    });
  });
});
