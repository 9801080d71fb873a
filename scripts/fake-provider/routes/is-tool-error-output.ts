// Responses and Chat Completions carry no error flag on a tool result: the failure travels inside the output JSON.

/** True for our error JSON (`kind: "tool_error"` with `is_error: true` at the top level); a success stays a success. */
export function isToolErrorOutput(output: string): boolean {
  try {
    const parsed: unknown = JSON.parse(output);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return false;
    const record = parsed as Record<string, unknown>;
    return record.kind === "tool_error" && record.is_error === true;
  } catch {
    return false;
  }
}
