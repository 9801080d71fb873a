// OpenAI-style 400 refusals, so an adapter that sends a malformed request fails against the fake as it would for real.
import type { ServerResponse } from "node:http";
import type { z } from "zod";
import { sendJson } from "../sse";

/** A request the OpenAI APIs refuse with 400 invalid_request_error; `param` names the offending field. */
export class InvalidRequestError extends Error {
  readonly param: string | null;
  readonly code: string | null;
  constructor(options: { message: string; param: string | null; code?: string | null }) {
    super(options.message);
    this.param = options.param;
    this.code = options.code ?? null;
  }
}

function formatPath(prefix: string, path: PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, prefix);
}

/** Parses one request part with zod; an unknown key (like an invented `is_error`) is refused as the API refuses it. */
export function parseRequestPart<Schema extends z.ZodType>(options: { schema: Schema; value: unknown; param: string }): z.infer<Schema> {
  const result = options.schema.safeParse(options.value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    const param = formatPath(options.param, [...issue.path, issue.keys[0] ?? ""]);
    throw new InvalidRequestError({ message: `Unknown parameter: '${param}'.`, param, code: "unknown_parameter" });
  }
  const param = formatPath(options.param, issue?.path ?? []);
  throw new InvalidRequestError({ message: `Invalid value for '${param}': ${issue?.message ?? "invalid"}.`, param, code: "invalid_value" });
}

export function sendInvalidRequest(response: ServerResponse, error: InvalidRequestError): void {
  sendJson(response, 400, { error: { message: error.message, type: "invalid_request_error", param: error.param, code: error.code } });
}
