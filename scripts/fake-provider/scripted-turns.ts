// Turns scripted by the person's message: a request is answered from the script of its last user message, at the round
// the history has reached (the model responses since that message). No state moves, so the same script answers every
// repetition of a scenario, and two scenarios never take each other's responses.
import type { HistoryItem } from "../../lib/agent/history";
import type { ModelResponse } from "../../lib/agent/providers/types";
import type { ScriptedTurns } from "./scripted-responses-schema";

/** A scripted turn was asked for a round its script does not cover: the fake refuses (400) rather than improvise. */
export class ScriptExhaustedError extends Error {}

export type ScriptedTurnStore = {
  add: (turns: ScriptedTurns["turns"]) => number;
  clear: () => void;
  /** The scripted response for this history, or undefined when its last user message is not scripted. */
  respond: (history: HistoryItem[]) => ModelResponse | undefined;
};

export function createScriptedTurnStore(): ScriptedTurnStore {
  const byMessage = new Map<string, ModelResponse[]>();
  return {
    add(turns) {
      for (const turn of turns) byMessage.set(turn.userMessage, turn.responses);
      return byMessage.size;
    },
    clear() {
      byMessage.clear();
    },
    respond(history) {
      const lastUser = history.findLastIndex((item) => item.type === "user");
      const item = history[lastUser];
      if (!item || item.type !== "user") return undefined;
      const responses = byMessage.get(item.text);
      if (!responses) return undefined;
      const round = history.slice(lastUser + 1).filter((entry) => entry.type === "assistant").length;
      const response = responses[round];
      if (!response) throw new ScriptExhaustedError(`The scripted turn for "${item.text}" has no response for round ${round}.`);
      return response;
    },
  };
}
