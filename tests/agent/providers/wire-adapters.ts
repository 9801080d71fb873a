// The wire adapters the shared provider suites run against, each with what differs on its wire: how it is built
// against the fake server, its path, the raw streams that break it, how many attempts a timed-out call makes, and how
// it sends tool results. Not a test file itself.
import { createAnthropicMessagesProvider } from "@/lib/agent/providers/anthropic-messages/create-anthropic-messages-provider";
import { createGoogleInteractionsProvider } from "@/lib/agent/providers/google-interactions/create-google-interactions-provider";
import { createOpenAIChatProvider } from "@/lib/agent/providers/openai-chat/create-openai-chat-provider";
import { createOpenAIResponsesProvider } from "@/lib/agent/providers/openai-responses/create-openai-responses-provider";
import { PROVIDER_MAX_RETRIES, type ModelProvider } from "@/lib/agent/providers/types";

/** A tool result as it left on the wire: its call id, whether it carries the error flag, and its content as text. */
export type WireToolResult = { callId: string; flagged: boolean; content: string; entry: Record<string, unknown> };

/** What the failure suite needs of every adapter that speaks HTTP to a model API. */
export type ProviderAdapter = {
  name: string;
  create: (baseUrl: string) => ModelProvider;
  path: string;
  /**
   * Raw SSE bodies for stream failures the fake's failure injection cannot produce: the text "Partial" then an error
   * event, and streams that end without completing. Absent where the adapter's own route test covers them.
   */
  streamFailures?: { partialThenError: string; unfinished: string[] };
};

export type WireAdapter = ProviderAdapter & {
  /** Requests a call that times out makes in total. */
  timedOutRequests: number;
  /** The tool calls of the last assistant turn of a request body, as sent: arguments parsed back from the wire. */
  toolCallsOf: (body: unknown) => Array<{ callId: string; name: string; arguments: unknown }>;
  /** The last tool results of a request body, in order. */
  toolResultsOf: (body: unknown) => WireToolResult[];
  /** The exact wire entry of a stored tool result. */
  entryOf: (result: { callId: string; name: string; isError: boolean; content: string }) => Record<string, unknown>;
};

const anthropicEvent = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const anthropicPartial =
  anthropicEvent("message_start", {
    message: {
      id: "msg_raw",
      type: "message",
      role: "assistant",
      model: "claude-test",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 1 },
    },
  }) +
  anthropicEvent("content_block_start", { index: 0, content_block: { type: "text", text: "" } }) +
  anthropicEvent("content_block_delta", { index: 0, delta: { type: "text_delta", text: "Partial" } });

const anthropic: WireAdapter = {
  name: "Anthropic Messages",
  create: (baseUrl) => createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: baseUrl, model: "claude-test" }),
  path: "/v1/messages",
  streamFailures: {
    partialThenError: anthropicPartial + anthropicEvent("error", { error: { type: "overloaded_error", message: "Overloaded" } }),
    // Ends before message_stop.
    unfinished: [anthropicPartial],
  },
  // The SDK's bounded retries each time out in turn.
  timedOutRequests: 1 + PROVIDER_MAX_RETRIES,
  toolCallsOf: (body) =>
    (
      (body as { messages: Array<{ role: string; content: Array<Record<string, unknown>> }> }).messages.findLast((message) => message.role === "assistant")
        ?.content ?? []
    )
      .filter((block) => block.type === "tool_use")
      .map((block) => ({ callId: String(block.id), name: String(block.name), arguments: block.input })),
  toolResultsOf: (body) => {
    const messages = (body as { messages: Array<{ content: Array<Record<string, unknown>> }> }).messages;
    return (messages.at(-1)?.content ?? [])
      .filter((block) => block.type === "tool_result")
      .map((block) => ({ callId: String(block.tool_use_id), flagged: block.is_error === true, content: block.content as string, entry: block }));
  },
  entryOf: ({ callId, isError, content }) => ({ type: "tool_result", tool_use_id: callId, content, ...(isError ? { is_error: true } : {}) }),
};

const googleEvents = (...events: object[]) =>
  events.map((event) => `event: ${(event as { event_type: string }).event_type}\ndata: ${JSON.stringify(event)}\n\n`).join("");
const googlePartial = googleEvents(
  { event_type: "interaction.created", interaction: { id: "int_raw", status: "in_progress" } },
  { event_type: "step.start", index: 0, step: { type: "model_output" } },
  { event_type: "step.delta", index: 0, delta: { type: "text", text: "Partial" } },
);

const google: WireAdapter = {
  name: "Google Interactions",
  create: (baseUrl) => createGoogleInteractionsProvider({ apiKey: "test-key", baseUrl, model: "gemini-test" }),
  path: "/v1beta/interactions",
  streamFailures: {
    partialThenError: googlePartial + googleEvents({ event_type: "error", error: { code: "overloaded", message: "The model is overloaded." } }),
    // Ends before interaction.completed, or completes as failed.
    unfinished: [googlePartial, googlePartial + googleEvents({ event_type: "interaction.completed", interaction: { id: "int_raw", status: "failed" } })],
  },
  // The timeout bounds the whole call: retries after it has fired fail before reaching the server.
  timedOutRequests: 1,
  toolCallsOf: (body) =>
    (body as { input: Array<Record<string, unknown>> }).input
      .filter((step) => step.type === "function_call")
      .map((step) => ({ callId: String(step.id), name: String(step.name), arguments: step.arguments })),
  toolResultsOf: (body) =>
    (body as { input: Array<Record<string, unknown>> }).input
      .filter((step) => step.type === "function_result")
      // The result is sent as JSON; re-serialized it must be the stored bytes exactly.
      .map((step) => ({ callId: String(step.call_id), flagged: step.is_error === true, content: JSON.stringify(step.result), entry: step })),
  entryOf: ({ callId, name, isError, content }) => ({
    type: "function_result",
    call_id: callId,
    name,
    result: JSON.parse(content) as unknown,
    ...(isError ? { is_error: true } : {}),
  }),
};

export const wireAdapters: readonly WireAdapter[] = [anthropic, google];

/** The OpenAI adapters send no error flag and time out through the SDK: they join the failure suite only. */
export const providerAdapters: readonly ProviderAdapter[] = [
  ...wireAdapters,
  {
    name: "OpenAI Responses",
    create: (baseUrl) => createOpenAIResponsesProvider({ apiKey: "sk-test", baseURL: `${baseUrl}/v1`, model: "gpt-5-mini" }),
    path: "/v1/responses",
  },
  {
    name: "OpenAI Chat Completions",
    create: (baseUrl) => createOpenAIChatProvider({ baseURL: `${baseUrl}/v1`, model: "llama3.1" }),
    path: "/v1/chat/completions",
  },
];
