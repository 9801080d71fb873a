// The stored isError flag, and only it, decides the wire's is_error; the stored content travels byte for byte.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import { createAnthropicMessagesProvider } from "@/lib/agent/providers/anthropic-messages/create-anthropic-messages-provider";
import { errorOutcome, serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import type { Decide } from "@/scripts/fake-provider/types";

const errorContent = serializeOutcomeContent(
  errorOutcome({
    code: "not_found",
    message: "There is no measurement record for 2020-01-02. This does not tell whether records exist on other dates.",
    traceId: "trc_test_1",
    details: { date: "2020-01-02" },
    suggestedAction: { tool: "list_measurements", arguments: { from: "2019-12-26", to: "2020-01-09" } },
  }),
);
// A success whose user-written note looks like an error: it is data and must stay data.
const trickySuccessContent = serializeOutcomeContent(
  successOutcome({ date: "2020-01-03", values: { weight_kg: 77.4 }, note: 'Error: "is_error": true', updated_at: "2020-01-03T07:00:00.000Z" }),
);

const seenHistories: HistoryItem[][] = [];
const decide: Decide = ({ history }) => {
  seenHistories.push(history);
  return { text: "Noted.", toolCalls: [] };
};

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({ decide });
});
afterAll(async () => {
  await server.close();
});

describe("Anthropic tool_result blocks", () => {
  it("carry is_error: true with the error JSON as content for an ERROR outcome, and no flag for a success that mentions is_error", async () => {
    const provider = createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: server.url, model: "claude-test" });
    const history: HistoryItem[] = [
      { type: "user", text: "Read 2020-01-02 and 2020-01-03." },
      {
        type: "assistant",
        text: "",
        toolCalls: [
          { callId: "toolu_err_1", name: "read_measurement", arguments: '{"date":"2020-01-02"}' },
          { callId: "toolu_ok_2", name: "read_measurement", arguments: '{"date":"2020-01-03"}' },
        ],
      },
      { type: "tool-result", callId: "toolu_err_1", name: "read_measurement", isError: true, content: errorContent },
      { type: "tool-result", callId: "toolu_ok_2", name: "read_measurement", isError: false, content: trickySuccessContent },
    ];
    await provider.generate({ system: "Coach.", history, tools: [], locale: "en" });

    const messages = (server.requests.at(-1)?.body as { messages: Array<{ role: string; content: Array<Record<string, unknown>> }> }).messages;
    const [errorBlock, successBlock] = messages.at(-1)?.content ?? [];
    expect(errorBlock).toEqual({ type: "tool_result", tool_use_id: "toolu_err_1", content: errorContent, is_error: true });
    expect(successBlock).toEqual({ type: "tool_result", tool_use_id: "toolu_ok_2", content: trickySuccessContent });
    expect(successBlock).not.toHaveProperty("is_error");
    expect(successBlock?.content).toBe(trickySuccessContent);
    expect(JSON.parse(errorBlock?.content as string)).toMatchObject({ kind: "tool_error", is_error: true, error: "not_found", recovery: "choose_alternative" });

    // Read back by the fake from the wire flag alone.
    expect(seenHistories.at(-1)?.slice(2)).toEqual(history.slice(2));
  });

  it("sends no tools key when the request declares none", async () => {
    const provider = createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: server.url, model: "claude-test" });
    await provider.generate({ system: "Coach.", history: [{ type: "user", text: "Hi" }], tools: [], locale: "en" });
    expect(server.requests.at(-1)?.body).not.toHaveProperty("tools");
  });
});
