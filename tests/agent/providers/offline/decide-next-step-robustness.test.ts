import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import { systemPrompt } from "./offline-conversation";

const toolNames = ["read_measurement", "list_measurements", "save_measurement", "get_trend", "set_goal"];

function expectWellFormed(history: HistoryItem[]) {
  const response = decideNextStep({ system: systemPrompt(), history });
  if (response.toolCalls.length === 0) expect(response.text.length).toBeGreaterThan(0);
  for (const call of response.toolCalls) {
    expect(toolNames).toContain(call.name);
    expect(typeof JSON.parse(call.arguments)).toBe("object");
    expect(call.callId).toMatch(new RegExp(`^call_off_${history.length}_\\d+$`));
  }
}

const seedTexts = [
  "what did I weigh on 2 January 2020? if there is nothing, try the 1st",
  "save weight 77.4 kg and waist 82 cm for 2020-01-04, note: after holidays",
  "list January 2020",
  "weight=77.4kg",
  "on the 4th of March 2020",
];

describe("offline brain: any input gets a well-formed response", () => {
  it("answers or calls a known tool for arbitrary user text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...seedTexts),
          fc.tuple(fc.constantFrom(...seedTexts), fc.string()).map(([a, b]) => a + b),
        ),
        (text) => {
          expectWellFormed([{ type: "user", text }]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("never throws on arbitrary tool result content, flagged or not", () => {
    fc.assert(
      fc.property(fc.constantFrom(...seedTexts), fc.boolean(), fc.oneof(fc.string(), fc.json()), (text, isError, content) => {
        const first = decideNextStep({ system: systemPrompt(), history: [{ type: "user", text }] });
        const history: HistoryItem[] = [
          { type: "user", text },
          { type: "assistant", text: first.text, toolCalls: first.toolCalls },
        ];
        for (const call of first.toolCalls) history.push({ type: "tool-result", callId: call.callId, name: call.name, isError, content });
        expectWellFormed(history);
      }),
      { numRuns: 400 },
    );
  });
});
