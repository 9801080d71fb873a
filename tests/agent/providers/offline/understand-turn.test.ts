// The offline coach works out what a turn's message means once a turn (understand-turn.ts): every round of the turn
// reads the same understanding, a history read anew (the next turn, another person) never shares it, a change of
// day or settings reads the message again, no round can change it, and remembering never changes an answer.
import { describe, expect, it, vi } from "vitest";
import type { HistoryItem } from "@/lib/agent/history";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import { understandTurn } from "@/lib/agent/providers/offline/understand-turn";
import type { ModelResponse } from "@/lib/agent/providers/types";
import { serializeOutcomeContent, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { failure, found, notFound, systemPrompt } from "./offline-conversation";

const interpretations = vi.hoisted(() => ({ count: 0 }));

vi.mock("@/lib/agent/providers/offline/interpret-user-message", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/agent/providers/offline/interpret-user-message")>();
  return {
    ...original,
    interpretUserMessage: (...args: Parameters<typeof original.interpretUserMessage>) => {
      interpretations.count += 1;
      return original.interpretUserMessage(...args);
    },
  };
});

const base = { userIndex: 0, today: "2026-03-10", unitSystem: "metric" as const, defaultLocale: "en" as const };

function answerCalls(history: HistoryItem[], response: ModelResponse, outcomes: ToolOutcome[]): void {
  history.push({ type: "assistant", text: response.text, toolCalls: response.toolCalls });
  response.toolCalls.forEach((call, index) => {
    const outcome = outcomes[index] as ToolOutcome;
    history.push({ type: "tool-result", callId: call.callId, name: call.name, isError: outcome.isError, content: serializeOutcomeContent(outcome) });
  });
}

/** The case study as the agent loop runs it: one history array, appended to round after round. */
function runCaseStudy(decide: (history: HistoryItem[]) => ModelResponse): ModelResponse[] {
  const history: HistoryItem[] = [{ type: "user", text: "What did I weigh on 2 January 2020? If there is nothing, try the 1st." }];
  const first = decide(history);
  answerCalls(history, first, [notFound("2020-01-02")]);
  const second = decide(history);
  answerCalls(history, second, [found("2020-01-01", { weight_kg: 80 })]);
  return [first, second, decide(history)];
}

describe("understanding a turn's message once a turn", () => {
  it("gives every round of a turn the same understanding, read once", () => {
    interpretations.count = 0;
    const responses = runCaseStudy((history) => decideNextStep({ system: systemPrompt(), history }));
    expect(responses.map((response) => response.toolCalls.map((call) => JSON.parse(call.arguments) as unknown))).toEqual([
      [{ date: "2020-01-02" }],
      [{ date: "2020-01-01" }],
      [],
    ]);
    expect(responses[2]?.text).toContain("80 kg");
    expect(interpretations.count).toBe(1);
  });

  it("reads a history read anew (the next turn, another person) again, with the same answers", () => {
    interpretations.count = 0;
    // Each round gets a copy of the history, as if every item came from the database again.
    const fresh = runCaseStudy((history) => decideNextStep({ system: systemPrompt(), history: structuredClone(history) }));
    expect(interpretations.count).toBe(3);
    const shared = runCaseStudy((history) => decideNextStep({ system: systemPrompt(), history }));
    expect(shared).toEqual(fresh);
  });

  it("reads the message again on another day or with other settings", () => {
    const history: HistoryItem[] = [{ type: "user", text: "I weighed 80 kg yesterday" }];
    const first = understandTurn({ ...base, history });
    expect(understandTurn({ ...base, history })).toBe(first);
    expect(first.intent).toMatchObject({ kind: "save", date: { iso: "2026-03-09" } });
    const nextDay = understandTurn({ ...base, history, today: "2026-03-11" });
    expect(nextDay.intent).toMatchObject({ kind: "save", date: { iso: "2026-03-10" } });
    expect(understandTurn({ ...base, history, today: "2026-03-11", unitSystem: "imperial" })).not.toBe(nextDay);
    expect(understandTurn({ ...base, history, today: "2026-03-11", defaultLocale: "pt" })).not.toBe(nextDay);
  });

  it("reads the item again when its text or position is not the one remembered", () => {
    const item: HistoryItem = { type: "user", text: "I weighed 80 kg yesterday" };
    const first = understandTurn({ ...base, history: [item] });
    item.text = "I weighed 81 kg yesterday";
    expect(understandTurn({ ...base, history: [item] }).intent).toMatchObject({ kind: "save", values: { weight_kg: 81 } });
    const later = understandTurn({ ...base, history: [{ type: "user", text: "hello" }, item], userIndex: 1 });
    expect(later).not.toBe(first);
  });

  it("cannot be changed by a round for the next one", () => {
    const history: HistoryItem[] = [{ type: "user", text: "save weight=77.4kg for 2020-01-04" }];
    const understanding = understandTurn({ ...base, history });
    expect(understanding.intent.kind).toBe("save");
    const intent = understanding.intent as { values: Record<string, number> };
    expect(() => {
      intent.values.weight_kg = 1;
    }).toThrow(TypeError);
    expect(understandTurn({ ...base, history }).intent).toMatchObject({ values: { weight_kg: 77.4 } });
  });

  it("understands a replace as the conflict the previous turn asked about", () => {
    const conflict = failure("conflict", { details: { date: "2020-01-04", fields: ["weight_kg"], stored: { weight_kg: 80 }, proposed: { weight_kg: 77.4 } } });
    const history: HistoryItem[] = [{ type: "user", text: "save weight 77.4 kg for 2020-01-04" }];
    const save = decideNextStep({ system: systemPrompt(), history });
    answerCalls(history, save, [conflict]);
    const question = decideNextStep({ system: systemPrompt(), history });
    history.push({ type: "assistant", text: question.text, toolCalls: [] }, { type: "user", text: "yes, replace it" });
    const replace = decideNextStep({ system: systemPrompt(), history });
    expect(replace.toolCalls.map((call) => JSON.parse(call.arguments) as unknown)).toEqual([
      { date: "2020-01-04", values: { weight_kg: 77.4 }, replace: true },
    ]);
    expect(understandTurn({ ...base, history, userIndex: history.length - 1 }).pendingConflict?.arguments).toMatchObject({ date: "2020-01-04" });
  });
});
