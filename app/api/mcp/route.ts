// /api/mcp: the Coach's tools for assistants that speak the Model Context Protocol (Streamable HTTP, stateless).
import { apiRoute } from "@/lib/http/api-route";
import { handleMcpPost, methodNotAllowedResponse } from "@/lib/mcp/handle-mcp-request";

export const dynamic = "force-dynamic";

export const POST = apiRoute("POST /api/mcp", handleMcpPost);
export const GET = apiRoute("GET /api/mcp", async () => methodNotAllowedResponse());
export const DELETE = apiRoute("DELETE /api/mcp", async () => methodNotAllowedResponse());
