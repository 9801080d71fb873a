import { describe, expect, it } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import { createOfflineProvider } from "@/lib/agent/providers/offline/create-offline-provider";
import type { ModelRequest } from "@/lib/agent/providers/types";
import { notFound, systemPrompt } from "./offline-conversation";
import { serializeOutcomeContent } from "@/lib/outcome/tool-outcome";

function request(history: HistoryItem[]): ModelRequest {
  return { system: systemPrompt(), history, tools: [], locale: "en" };
}

describe("createOfflineProvider", () => {
  it("is the offline provider with the default rules model unless told otherwise", () => {
    expect(createOfflineProvider()).toMatchObject({ name: "offline", model: "palestra-rules-1" });
    expect(createOfflineProvider({ model: "palestra-rules-x" }).model).toBe("palestra-rules-x");
  });

  it("streams the answer in word-sized deltas that concatenate to the final text", async () => {
    const deltas: string[] = [];
    const response = await createOfflineProvider().generate(
      request([
        { type: "user", text: "what did I weigh on 2020-01-02?" },
        { type: "assistant", text: "", toolCalls: [{ callId: "call_off_1_0", name: "read_measurement", arguments: '{"date":"2020-01-02"}' }] },
        { type: "tool-result", callId: "call_off_1_0", name: "read_measurement", isError: true, content: serializeOutcomeContent(notFound("2020-01-02")) },
      ]),
      { onTextDelta: (delta) => deltas.push(delta) },
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.text).toBe("There is no measurement record for 2 January 2020. That says nothing about other dates.");
    expect(deltas.length).toBe(response.text.split(" ").length);
    expect(deltas.join("")).toBe(response.text);
    expect(deltas[0]).toBe("There ");
  });

  it("returns tool calls without streaming text, and reports no token usage: a rule engine reads no tokens", async () => {
    const deltas: string[] = [];
    const history: HistoryItem[] = [{ type: "user", text: "what did I weigh on 2020-01-02?" }];
    const response = await createOfflineProvider().generate(request(history), { onTextDelta: (delta) => deltas.push(delta) });
    expect(deltas).toEqual([]);
    expect(response.toolCalls).toEqual([{ callId: "call_off_1_0", name: "read_measurement", arguments: '{"date":"2020-01-02"}' }]);
    expect(response).not.toHaveProperty("usage");
  });

  it("throws when the signal is already aborted, and stops streaming when aborted midway", async () => {
    const provider = createOfflineProvider();
    const history: HistoryItem[] = [{ type: "user", text: "hello" }];
    await expect(provider.generate(request(history), { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });

    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = provider.generate(request(history), {
      signal: controller.signal,
      onTextDelta: (delta) => {
        deltas.push(delta);
        if (deltas.length === 3) controller.abort();
      },
    });
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(deltas.length).toBe(3);
  });
});
