// Dispatcher fuzz drill: generated invalid arguments go through dispatchToolCall with the real tools behind counting spies;
// every payload must end as a contract-exact bad_arguments outcome, with no handler run, no exception and no leak.
import fc from "fast-check";
import { dispatchToolCall, type DispatchContext } from "@/lib/agent/dispatch-tool-call";
import { toolErrorSchema, type ToolError } from "@/lib/outcome/tool-outcome";
import { toolsByName } from "@/lib/agent/tools/index";
import type { ToolDefinition } from "@/lib/agent/tools/tool-definition";
import { noStorageFaults } from "@/lib/faults/storage-faults";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase } from "@/tests/support/temporary-database";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { findLeaks } from "../support/find-leaks";
import { FUZZ_TODAY, fuzzedTools, invalidArgumentsTextArbitrary } from "./arbitraries";

const TRACE_ID = "trc_dispatch_fuzz";

/** The real tools, each run wrapped so that any execution is counted (and still really happens, so a leak would show). */
export function createCountingRegistry(): { registry: Map<string, ToolDefinition>; handlerRuns: Map<string, number> } {
  const handlerRuns = new Map<string, number>();
  const registry = new Map<string, ToolDefinition>();
  for (const [name, tool] of toolsByName) {
    handlerRuns.set(name, 0);
    registry.set(name, { ...tool, run: (input, context) => (handlerRuns.set(name, (handlerRuns.get(name) ?? 0) + 1), tool.run(input, context)) });
  }
  return { registry, handlerRuns };
}

/** Problems with one dispatch result against the bad_arguments contract; empty when it is exact. */
function contractProblems(result: Awaited<ReturnType<typeof dispatchToolCall>>): string[] {
  const problems: string[] = [];
  if (!result.outcome.isError) return ["accepted (isError false)"];
  const content: ToolError = result.outcome.content;
  if (!toolErrorSchema.safeParse(content).success) problems.push("content does not match the tool error schema");
  const exact = {
    kind: "tool_error",
    version: 1,
    is_error: true,
    error: "bad_arguments",
    recovery: "correct_arguments",
    recoverable: true,
    trace_id: TRACE_ID,
  };
  for (const [field, value] of Object.entries(exact)) {
    if ((content as Record<string, unknown>)[field] !== value) problems.push(`${field}=${JSON.stringify((content as Record<string, unknown>)[field])}`);
  }
  if (result.serialized !== JSON.stringify(content)) problems.push("serialized differs from the outcome content");
  if (result.handlerRan || result.attempts !== 0) problems.push(`handlerRan=${result.handlerRan} attempts=${result.attempts}`);
  return problems;
}

export async function runDispatchFuzz(options: { payloadsPerTool: number; seed?: number }): Promise<DrillReport> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const checker = createTargetChecker();
  const database = openTemporaryDatabase("palestra-dispatch-fuzz-");
  const userId = await createTestUser(database.store, { id: "dispatch-fuzz-user" });
  const { registry, handlerRuns } = createCountingRegistry();
  const context: DispatchContext = {
    store: database.store,
    userId,
    traceId: TRACE_ID,
    locale: "en",
    today: FUZZ_TODAY,
    faults: noStorageFaults,
    idempotencyKey: "fuzz-key",
  };
  const figures: Record<string, number | string> = { seed };
  const counts = { uncaught_exceptions: 0, contract_violations: 0, leaks: 0 };
  try {
    for (const tool of fuzzedTools) {
      let refused = 0;
      for (const argumentsText of fc.sample(invalidArgumentsTextArbitrary(tool), { numRuns: options.payloadsPerTool, seed })) {
        try {
          const result = await dispatchToolCall({ name: tool, argumentsText, context, registry, timeoutMs: 5_000 });
          const problems = contractProblems(result);
          if (problems.length > 0) {
            counts.contract_violations += 1;
            checker.expect(false, `${tool}: ${problems.join(", ")} for ${argumentsText.slice(0, 160)}`);
          } else refused += 1;
          // Received values are quoted back to the model: a match that is only an echo of what the model sent is not a leak.
          const leaks = findLeaks(result.serialized).filter((leak) => !argumentsText.includes(leak.excerpt));
          if (leaks.length > 0) {
            counts.leaks += 1;
            checker.expect(false, `${tool}: leak ${leaks.map((leak) => `${leak.label} '${leak.excerpt}'`).join(", ")}`);
          }
        } catch (error) {
          counts.uncaught_exceptions += 1;
          checker.expect(false, `${tool}: uncaught ${String(error)} for ${argumentsText.slice(0, 160)}`);
        }
      }
      figures[`${tool}_bad_arguments`] = `${refused}/${options.payloadsPerTool}`;
    }
  } finally {
    database.remove();
  }
  const handlerExecutions = [...handlerRuns.values()].reduce((sum, runs) => sum + runs, 0);
  checker.expect(handlerExecutions === 0, `${handlerExecutions} handler executions`);
  return {
    name: "fuzz-dispatch",
    passed: checker.failures.length === 0,
    figures: { ...figures, handler_executions: handlerExecutions, ...counts },
    failures: checker.failures.slice(0, 5),
    durationMs: performance.now() - started,
  };
}
