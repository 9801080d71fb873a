// /api/mcp: the Coach's tools for assistants that speak the Model Context Protocol (Streamable HTTP, stateless).
import { handleMcpPost, mcpRoute, methodNotAllowedResponse } from "@/lib/mcp/handle-mcp-request";

export const dynamic = "force-dynamic";

export const POST = mcpRoute("POST /api/mcp", handleMcpPost);
export const GET = mcpRoute("GET /api/mcp", async () => methodNotAllowedResponse());
export const DELETE = mcpRoute("DELETE /api/mcp", async () => methodNotAllowedResponse());
