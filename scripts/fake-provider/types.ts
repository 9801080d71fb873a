// Types shared by the fake provider server and its per-API routes.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HistoryItem } from "../../lib/agent/history";
import type { ModelResponse } from "../../lib/agent/providers/types";

/** The fake model's decision: a pure function of the system prompt and the provider-neutral history. */
export type Decide = (input: { system?: string; history: HistoryItem[] }) => ModelResponse;

export type FakeRouteContext = {
  decide: Decide;
  /** A fresh identifier with the given prefix ("resp_", "call_", "toolu_", ...). */
  nextId: (prefix: string) => string;
};

/** Answers one request of one wire API; the body is already parsed JSON. */
export type FakeRouteHandler = (options: {
  body: unknown;
  request: IncomingMessage;
  response: ServerResponse;
  context: FakeRouteContext;
}) => Promise<void> | void;

export type RecordedRequest = {
  at: string;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The status the fake answered with. */
  status?: number;
  /** The text of the request's last user message (set once the route has read the request). */
  lastUserMessage?: string;
  /** Milliseconds from the request's arrival to the last byte of the answer, as the fake measured them. */
  durationMs?: number;
};

export type FailureRule = {
  status: number;
  remaining: number;
  /** Limits the rule to one path (e.g. "/v1/messages"); all model routes when absent. */
  path?: string;
  body?: unknown;
  /** Delay before answering, to provoke client timeouts. */
  delayMs?: number;
  /** Sent as the `retry-after-ms` header (0 when absent) so SDK retries do not sleep through their backoff. */
  retryAfterMs?: number;
};
