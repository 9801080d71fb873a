// A JSON-RPC 2.0 error as an HTTP response: what /api/mcp answers when a request cannot reach the protocol server.
export const JSON_RPC_PARSE_ERROR = -32700;
export const JSON_RPC_INVALID_REQUEST = -32600;
export const JSON_RPC_INTERNAL_ERROR = -32603;
/** The implementation-defined server error range: JSON-RPC itself has no code for "who are you?". */
export const JSON_RPC_UNAUTHORIZED = -32000;

export function jsonRpcErrorResponse(options: { status: number; code: number; message: string; headers?: Record<string, string> }): Response {
  const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: options.code, message: options.message } });
  return new Response(body, {
    status: options.status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...options.headers },
  });
}
