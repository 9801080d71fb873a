// The provider-neutral conversation history: read from the database at the start of each turn, then appended to round by round
// (the same array and items for every model request of the turn; the offline coach relies on that, see understand-turn.ts).

/** A tool call as the model asked for it. `arguments` is the JSON text the model sent, kept verbatim. */
export type ToolCallRequest = {
  callId: string;
  name: string;
  arguments: string;
  /** Provider data to echo back on the next request (a Google `signature`, an OpenAI item `id`). */
  providerMetadata?: Record<string, unknown>;
};

export type UserHistoryItem = { type: "user"; text: string };

/** One model response: its text (possibly empty) and the tool calls it asked for. */
export type AssistantHistoryItem = { type: "assistant"; text: string; toolCalls: ToolCallRequest[] };

/** A stored tool outcome: `isError` comes from the database column, `content` is the stored JSON text. */
export type ToolResultHistoryItem = { type: "tool-result"; callId: string; name: string; isError: boolean; content: string };

export type HistoryItem = UserHistoryItem | AssistantHistoryItem | ToolResultHistoryItem;
