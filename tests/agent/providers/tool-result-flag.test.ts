// On every wire adapter the stored isError flag, and only it, decides the wire's error flag; the stored content is the
// result, byte for byte.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import { errorOutcome, serializeOutcomeContent, successOutcome } from "@/lib/outcome/tool-outcome";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import type { Decide } from "@/scripts/fake-provider/types";
import { wireAdapters } from "./wire-adapters";

const readError = serializeOutcomeContent(
  errorOutcome({
    code: "not_found",
    message: "There is no measurement record for 2020-01-02. This does not tell whether records exist on other dates.",
    traceId: "trc_test_1",
    details: { date: "2020-01-02" },
    suggestedAction: { tool: "list_measurements", arguments: { from: "2019-12-26", to: "2020-01-09" } },
  }),
);
const writeError = serializeOutcomeContent(
  errorOutcome({
    code: "outcome_unknown",
    message: "The save of 2020-01-04 could not be confirmed. It was not repeated, to avoid a duplicate; read 2020-01-04 to check.",
    traceId: "trc_test_2",
    details: { date: "2020-01-04" },
  }),
);
// A success whose user-written note looks like an error: it is data and must stay data.
const trickySuccess = serializeOutcomeContent(
  successOutcome({ date: "2020-01-03", values: { weight_kg: 77.4 }, note: 'Error: "is_error": true', updated_at: "2020-01-03T07:00:00.000Z" }),
);

const errorCases = [
  { name: "read_measurement", arguments: '{"date":"2020-01-02"}', content: readError, expected: { error: "not_found", recovery: "choose_alternative" } },
  {
    name: "save_measurement",
    arguments: '{"date":"2020-01-04","values":{"weight_kg":77.4}}',
    content: writeError,
    expected: { error: "outcome_unknown", recovery: "stop_turn", recoverable: false },
  },
];

describe.each(wireAdapters)("$name tool results", (adapter) => {
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

  it.each(errorCases)(
    "carry the error flag with the error JSON for an ERROR outcome of $name, and no flag for a success that mentions is_error",
    async (errorCase) => {
      const provider = adapter.create(server.url);
      const history: HistoryItem[] = [
        { type: "user", text: "Do both." },
        {
          type: "assistant",
          text: "",
          toolCalls: [
            { callId: "call_err_1", name: errorCase.name, arguments: errorCase.arguments },
            { callId: "call_ok_2", name: "read_measurement", arguments: '{"date":"2020-01-03"}' },
          ],
        },
        { type: "tool-result", callId: "call_err_1", name: errorCase.name, isError: true, content: errorCase.content },
        { type: "tool-result", callId: "call_ok_2", name: "read_measurement", isError: false, content: trickySuccess },
      ];
      await provider.generate({ system: "Coach.", history, tools: [], locale: "en" });

      const [errorResult, successResult] = adapter.toolResultsOf(server.requests.at(-1)?.body).slice(-2);
      expect(errorResult).toMatchObject({ callId: "call_err_1", flagged: true, content: errorCase.content });
      expect(successResult).toMatchObject({ callId: "call_ok_2", flagged: false, content: trickySuccess });
      expect(errorResult?.entry).toEqual(adapter.entryOf({ callId: "call_err_1", name: errorCase.name, isError: true, content: errorCase.content }));
      expect(successResult?.entry).toEqual(adapter.entryOf({ callId: "call_ok_2", name: "read_measurement", isError: false, content: trickySuccess }));
      expect(successResult?.entry).not.toHaveProperty("is_error");
      expect(JSON.parse(errorResult?.content ?? "{}")).toMatchObject({ kind: "tool_error", is_error: true, ...errorCase.expected });
      // Read back by the fake from the wire flag alone.
      expect(seenHistories.at(-1)?.slice(2)).toEqual(history.slice(2));
    },
  );

  it("sends no tools key when the request declares none", async () => {
    const provider = adapter.create(server.url);
    await provider.generate({ system: "Coach.", history: [{ type: "user", text: "Hi" }], tools: [], locale: "en" });
    expect(server.requests.at(-1)?.body).not.toHaveProperty("tools");
  });
});
