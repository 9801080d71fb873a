import { describe, expect, it } from "vitest";
import { mcpRoute, methodNotAllowedResponse } from "@/lib/mcp/handle-mcp-request";

describe("mcpRoute", () => {
  it("answers an unexpected exception with a JSON-RPC internal error naming a trace id and nothing internal", async () => {
    const route = mcpRoute("POST /api/mcp", async () => {
      throw new Error("SQLITE_BUSY at /var/lib/palestra/palestra.db");
    });
    const response = await route(new Request("http://localhost/api/mcp", { method: "POST" }));
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = (await response.json()) as { jsonrpc: string; id: null; error: { code: number; message: string } };
    expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32603 } });
    expect(body.error.message).toMatch(/trc_[0-9a-f]{20}/);
    expect(body.error.message).not.toMatch(/SQLITE|palestra\.db/);
  });

  it("passes a handler's own response through", async () => {
    const response = await mcpRoute("GET /api/mcp", async () => methodNotAllowedResponse())(new Request("http://localhost/api/mcp"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
