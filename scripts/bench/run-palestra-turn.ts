// Ours: one scripted turn through runTurn, which validates, dispatches, persists and counts every outcome.
import "server-only";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import type { ModelProvider, ModelResponse } from "@/lib/agent/providers/types";
import { runTurn, type TurnResult } from "@/lib/agent/run-turn";
import { createHarnessSteps, HARNESS_MESSAGE, HARNESS_TODAY, type HarnessStep } from "./harness-conversation";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

function responseOf(step: HarnessStep): ModelResponse {
  return "text" in step ? { text: step.text, toolCalls: [] } : { text: "", toolCalls: [step.toolCall] };
}

/** A provider answering from the script with no bookkeeping of its own, so the timing is the harness's. */
export function createScriptedHarnessProvider(steps: readonly HarnessStep[]): ModelProvider {
  const responses = steps.map(responseOf);
  let next = 0;
  return {
    name: "offline",
    model: "bench-script",
    async generate(_request, options) {
      const response = responses[next++];
      if (!response) throw new Error(`the bench script has no response ${next}`);
      if (response.text) options?.onTextDelta?.(response.text);
      return response;
    },
  };
}

/** Prepares turn number `turnIndex`; the returned function runs it (only that part is timed). */
export function preparePalestraTurn(options: { handle: DatabaseHandle; userId: string; turnIndex: number }): () => Promise<TurnResult> {
  const provider = createScriptedHarnessProvider(createHarnessSteps(options.turnIndex));
  return () =>
    runTurn({ store: createSqliteStore(options.handle), userId: options.userId, message: HARNESS_MESSAGE, locale: "en", provider, today: HARNESS_TODAY });
}
