// The error body the Gemini API sends (google.rpc.Status in JSON), for injected failures and refused requests.

const statusNames: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  409: "ABORTED",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  501: "NOT_IMPLEMENTED",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

export function googleErrorBody(status: number, message: string): { error: { code: number; message: string; status: string } } {
  return { error: { code: status, message, status: statusNames[status] ?? (status >= 500 ? "INTERNAL" : "UNKNOWN") } };
}
