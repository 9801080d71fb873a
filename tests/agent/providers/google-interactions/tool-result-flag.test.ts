// The stored isError flag, and only it, decides the wire's is_error; the stored content is the result, unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import { createGoogleInteractionsProvider } from "@/lib/agent/providers/google-interactions/create-google-interactions-provider";
import { errorOutcome, serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import type { Decide } from "@/scripts/fake-provider/types";

const errorContent = serializeOutcomeContent(
  errorOutcome({
    code: "outcome_unknown",
    message: "The save of 2020-01-04 could not be confirmed. It was not repeated, to avoid a duplicate; read 2020-01-04 to check.",
    traceId: "trc_test_2",
    details: { date: "2020-01-04" },
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

describe("Google function_result steps", () => {
  it("carry is_error: true with the error JSON as result for an ERROR outcome, and no flag for a success that mentions is_error", async () => {
    const provider = createGoogleInteractionsProvider({ apiKey: "test-key", baseUrl: server.url, model: "gemini-test" });
    const history: HistoryItem[] = [
      { type: "user", text: "Save 2020-01-04 and read 2020-01-03." },
      {
        type: "assistant",
        text: "",
        toolCalls: [
          { callId: "call_err_1", name: "save_measurement", arguments: '{"date":"2020-01-04","values":{"weight_kg":77.4}}' },
          { callId: "call_ok_2", name: "read_measurement", arguments: '{"date":"2020-01-03"}' },
        ],
      },
      { type: "tool-result", callId: "call_err_1", name: "save_measurement", isError: true, content: errorContent },
      { type: "tool-result", callId: "call_ok_2", name: "read_measurement", isError: false, content: trickySuccessContent },
    ];
    await provider.generate({ system: "Coach.", history, tools: [], locale: "en" });

    const body = server.requests.at(-1)?.body as Record<string, unknown> & { input: Array<Record<string, unknown>> };
    expect(body).not.toHaveProperty("tools");
    const [errorStep, successStep] = body.input.slice(-2);
    expect(errorStep).toEqual({ type: "function_result", call_id: "call_err_1", name: "save_measurement", result: JSON.parse(errorContent), is_error: true });
    expect(successStep).toEqual({ type: "function_result", call_id: "call_ok_2", name: "read_measurement", result: JSON.parse(trickySuccessContent) });
    expect(successStep).not.toHaveProperty("is_error");
    // The result re-serializes to the stored bytes exactly.
    expect(JSON.stringify(errorStep?.result)).toBe(errorContent);
    expect(JSON.stringify(successStep?.result)).toBe(trickySuccessContent);
    expect(errorStep?.result).toMatchObject({ kind: "tool_error", is_error: true, error: "outcome_unknown", recovery: "stop_turn", recoverable: false });

    // Read back by the fake from the wire flag alone.
    expect(seenHistories.at(-1)?.slice(2)).toEqual(history.slice(2));
  });
});
