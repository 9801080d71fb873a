// The wire adapters the shared provider suites run against, each with what differs on its wire: how it is built
// against the fake server, its path, how many attempts a timed-out call makes, and how it sends tool results.
// Not a test file itself.
import { createAnthropicMessagesProvider } from "@/lib/agent/providers/anthropic-messages/create-anthropic-messages-provider";
import { createGoogleInteractionsProvider } from "@/lib/agent/providers/google-interactions/create-google-interactions-provider";
import { PROVIDER_MAX_RETRIES, type ModelProvider } from "@/lib/agent/providers/types";

/** A tool result as it left on the wire: its call id, whether it carries the error flag, and its content as text. */
export type WireToolResult = { callId: string; flagged: boolean; content: string; entry: Record<string, unknown> };

export type WireAdapter = {
  name: string;
  create: (baseUrl: string) => ModelProvider;
  path: string;
  /** Requests a call that times out makes in total. */
  timedOutRequests: number;
  /** The last tool results of a request body, in order. */
  toolResultsOf: (body: unknown) => WireToolResult[];
  /** The exact wire entry of a stored tool result. */
  entryOf: (result: { callId: string; name: string; isError: boolean; content: string }) => Record<string, unknown>;
};

const anthropic: WireAdapter = {
  name: "Anthropic Messages",
  create: (baseUrl) => createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: baseUrl, model: "claude-test" }),
  path: "/v1/messages",
  // The SDK's bounded retries each time out in turn.
  timedOutRequests: 1 + PROVIDER_MAX_RETRIES,
  toolResultsOf: (body) => {
    const messages = (body as { messages: Array<{ content: Array<Record<string, unknown>> }> }).messages;
    return (messages.at(-1)?.content ?? [])
      .filter((block) => block.type === "tool_result")
      .map((block) => ({ callId: String(block.tool_use_id), flagged: block.is_error === true, content: block.content as string, entry: block }));
  },
  entryOf: ({ callId, isError, content }) => ({ type: "tool_result", tool_use_id: callId, content, ...(isError ? { is_error: true } : {}) }),
};

const google: WireAdapter = {
  name: "Google Interactions",
  create: (baseUrl) => createGoogleInteractionsProvider({ apiKey: "test-key", baseUrl, model: "gemini-test" }),
  path: "/v1beta/interactions",
  // The timeout bounds the whole call: retries after it has fired fail before reaching the server.
  timedOutRequests: 1,
  toolResultsOf: (body) =>
    (body as { input: Array<Record<string, unknown>> }).input
      .filter((step) => step.type === "function_result")
      // The result is sent as JSON; re-serialized it must be the stored bytes exactly.
      .map((step) => ({ callId: String(step.call_id), flagged: step.is_error === true, content: JSON.stringify(step.result), entry: step })),
  entryOf: ({ callId, name, isError, content }) => ({ type: "function_result", call_id: callId, name, result: JSON.parse(content) as unknown, ...(isError ? { is_error: true } : {}) }),
};

export const wireAdapters: readonly WireAdapter[] = [anthropic, google];
