// Ours: one scripted turn through runTurn, which validates, dispatches, persists and counts every outcome.
import "server-only";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import type { ModelProvider, ModelResponse } from "@/lib/agent/providers/types";
import { runTurn, type TurnResult } from "@/lib/agent/run-turn";
import { createHarnessSteps, HARNESS_MESSAGE, HARNESS_TODAY, type HarnessStep } from "./harness-conversation";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { CHAT_RATE_WINDOW_MS } from "@/lib/chat/run-chat-turn";
import { admitQuota, CHAT_QUOTA_KEY_PREFIX, type QuotaUse } from "@/lib/rate-limit/consume-quota";

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

/**
 * Prepares turn number `turnIndex`; the returned function runs it (only that part is timed). With `withChatQuota`, the
 * turn is admitted by the chat quota and counts it as POST /api/v1/chat does (runChatTurn): in its first commit.
 */
export function preparePalestraTurn(options: {
  handle: DatabaseHandle;
  userId: string;
  turnIndex: number;
  withChatQuota?: boolean;
}): () => Promise<TurnResult> {
  const provider = createScriptedHarnessProvider(createHarnessSteps(options.turnIndex));
  const store = createSqliteStore(options.handle);
  const run = (quotaUse?: QuotaUse) =>
    runTurn({ store, userId: options.userId, message: HARNESS_MESSAGE, locale: "en", provider, today: HARNESS_TODAY, quotaUse });
  if (!options.withChatQuota) return () => run();
  return async () => {
    const quota = await admitQuota({ store, key: `${CHAT_QUOTA_KEY_PREFIX}${options.userId}`, limit: BENCH_TURNS_PER_MINUTE, windowMs: CHAT_RATE_WINDOW_MS });
    if (!quota.allowed) throw new Error("the bench's chat quota refused a turn");
    try {
      return await run(quota.use);
    } finally {
      await store.quotas.release(quota.use);
    }
  };
}

/** The limit the bench's servers run with (PALESTRA_CHAT_TURNS_PER_MINUTE), so the quota never refuses. */
const BENCH_TURNS_PER_MINUTE = 100_000;
