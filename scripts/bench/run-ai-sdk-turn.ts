// Theirs: the same scripted turn through the Vercel AI SDK's generateText, with its mock model (ai/test) and the same
// three tools, defined with the SDK's tool() helper over the same measurements functions and zod schemas.
import "server-only";
import crypto from "node:crypto";
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type { DatabaseHandle } from "@/db/sqlite/open-database";
import { DEFAULT_MAX_ROUNDS } from "@/lib/agent/stop-conditions";
import { getMeasurementByDate, listMeasurements } from "@/lib/measurements/read-measurements";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { listMeasurementsInputSchema, readMeasurementInputSchema, saveMeasurementInputSchema } from "@/lib/measurements/validation";
import { listMeasurementsTool } from "@/lib/agent/tools/list-measurements";
import { readMeasurementTool } from "@/lib/agent/tools/read-measurement";
import { saveMeasurementTool } from "@/lib/agent/tools/save-measurement";
import { createHarnessSteps, HARNESS_MESSAGE, type HarnessStep } from "./harness-conversation";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

function generateResultOf(step: HarnessStep): GenerateResult {
  if ("text" in step) return { content: [{ type: "text", text: step.text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
  const { callId, name, arguments: input } = step.toolCall;
  return {
    content: [{ type: "tool-call", toolCallId: callId, toolName: name, input }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
}

/** The three tools as an AI SDK user would write them: validated by the SDK, results returned as plain objects. */
export function createAiSdkTools(options: { handle: DatabaseHandle; userId: string }) {
  const { handle, userId } = options;
  return {
    read_measurement: tool({
      description: readMeasurementTool.description,
      inputSchema: readMeasurementInputSchema,
      execute: async ({ date }) => (await getMeasurementByDate({ store: createSqliteStore(handle), userId, date })) ?? { error: "not_found", date },
    }),
    list_measurements: tool({
      description: listMeasurementsTool.description,
      inputSchema: listMeasurementsInputSchema,
      execute: ({ from, to, fields }) => listMeasurements({ store: createSqliteStore(handle), userId, from, to, fields }),
    }),
    save_measurement: tool({
      description: saveMeasurementTool.description,
      inputSchema: saveMeasurementInputSchema,
      execute: async (input) => {
        const result = await saveMeasurement({
          store: createSqliteStore(handle),
          userId,
          idempotencyKey: `tc_${crypto.randomUUID()}`,
          input,
          traceId: "ai-sdk",
          locale: "en",
        });
        return result.outcome.content;
      },
    }),
  };
}

/** Prepares turn number `turnIndex` with a fresh mock model; the returned function runs it (only that part is timed). */
export function prepareAiSdkTurn(options: { tools: ReturnType<typeof createAiSdkTools>; turnIndex: number }): () => Promise<{ steps: number; text: string }> {
  const responses = createHarnessSteps(options.turnIndex).map(generateResultOf);
  const model = new MockLanguageModelV3({ doGenerate: responses });
  return async () => {
    const result = await generateText({ model, tools: options.tools, prompt: HARNESS_MESSAGE, stopWhen: stepCountIs(DEFAULT_MAX_ROUNDS) });
    return { steps: result.steps.length, text: result.text };
  };
}
