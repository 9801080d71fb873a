// The only place a tool runs: unknown tools and invalid arguments never reach a handler, and every exception becomes
// the typed outcome the tool itself maps it to (its onError). The dispatcher knows no tool's arguments.
import "server-only";
import { detailsOf, type ArgumentProblem } from "@/lib/outcome/argument-problem";
import { validateArguments } from "@/lib/measurements/validation";
import { logEvent } from "@/lib/observability/logger";
import { getMetrics } from "@/lib/observability/metrics";
import { argumentProblemMessage } from "@/lib/outcome/argument-messages";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, serializeOutcomeContent, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { ToolDeadlineError, type ToolContext, type ToolDefinition, type ToolSurface } from "./tools/tool-definition";
import type { Locale } from "@/lib/i18n/locale";

export type { ToolSurface } from "./tools/tool-definition";

export type DispatchContext = Omit<ToolContext, "signal" | "onAttempt"> & {
  /**
   * Whether the caller may run this tool (false when the account was deleted while the turn ran); a string refuses
   * with that message instead of the generic one (a read-only API key asking to write).
   */
  authorize?: (tool: ToolDefinition) => Promise<boolean | string> | boolean | string;
};

export type DispatchResult = {
  outcome: ToolOutcome;
  /** The content exactly as stored and sent to the model. */
  serialized: string;
  /** Storage attempts made (0 when the handler never ran). */
  attempts: number;
  latencyMs: number;
  handlerRan: boolean;
};

export { ToolDeadlineError } from "./tools/tool-definition";

const MAX_PROBLEMS_IN_MESSAGE = 3;

function badArguments(problems: readonly ArgumentProblem[], traceId: string, locale: Locale): ToolOutcome {
  const [first, ...rest] = problems as [ArgumentProblem, ...ArgumentProblem[]];
  const message = problems
    .slice(0, MAX_PROBLEMS_IN_MESSAGE)
    .map((problem) => argumentProblemMessage(problem, locale))
    .join(" ");
  const details = rest.length > 0 ? { ...detailsOf(first), other_problems: rest.slice(0, MAX_PROBLEMS_IN_MESSAGE).map(detailsOf) } : detailsOf(first);
  return errorOutcome({ code: "bad_arguments", message, traceId, details });
}

function parseArgumentsText(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

type Finish = { tool: string; surface: ToolSurface; outcome: ToolOutcome; serialized?: string; attempts: number; startedAt: number; handlerRan: boolean };

function finish(options: Finish): DispatchResult {
  const { outcome } = options;
  const latencyMs = performance.now() - options.startedAt;
  const metrics = getMetrics();
  metrics.toolResults.inc({
    tool: options.tool,
    status: outcome.isError ? "error" : "ok",
    error: outcome.isError ? outcome.content.error : "",
    surface: options.surface,
  });
  metrics.toolLatency.observe({ tool: options.tool }, latencyMs / 1000);
  return { outcome, serialized: options.serialized ?? serializeOutcomeContent(outcome), attempts: options.attempts, latencyMs, handlerRan: options.handlerRan };
}

export async function dispatchToolCall(options: {
  name: string;
  argumentsText: string;
  context: DispatchContext;
  registry: ReadonlyMap<string, ToolDefinition>;
  timeoutMs: number;
}): Promise<DispatchResult> {
  const { name, argumentsText, context, registry, timeoutMs } = options;
  const { traceId, locale, today } = context;
  const surface = context.surface ?? "chat";
  const startedAt = performance.now();
  const tool = registry.get(name);
  if (!tool) {
    const outcome = badArguments([{ kind: "unknown_tool", tool: name, valid: [...registry.keys()] }], traceId, locale);
    return finish({ tool: "unknown", surface, outcome, attempts: 0, startedAt, handlerRan: false });
  }
  const parsed = parseArgumentsText(argumentsText);
  const notObject: ArgumentProblem = { kind: "not_object", received: argumentsText };
  const validation = parsed.ok ? validateArguments({ schema: tool.inputSchema, input: parsed.value, today }) : { ok: false as const, problems: [notObject] };
  if (!validation.ok) {
    return finish({ tool: name, surface, outcome: badArguments(validation.problems, traceId, locale), attempts: 0, startedAt, handlerRan: false });
  }

  const permission = context.authorize ? await context.authorize(tool) : true;
  if (permission !== true) {
    const message = typeof permission === "string" ? permission : toolErrorMessages[locale].forbidden();
    return finish({ tool: name, surface, outcome: errorOutcome({ code: "forbidden", message, traceId }), attempts: 0, startedAt, handlerRan: false });
  }

  let attempts = 0;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ToolDeadlineError(`${name} passed its ${timeoutMs} ms deadline`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  const { authorize: _authorize, ...toolContext } = context;
  const running = tool.run(validation.value, { ...toolContext, surface, signal: controller.signal, onAttempt: () => (attempts += 1) });
  // A handler still running after the deadline must not surface as an unhandled rejection.
  running.catch(() => {});
  try {
    const result = await Promise.race([running, deadline]);
    return finish({ tool: name, surface, outcome: result.outcome, serialized: result.serialized, attempts, startedAt, handlerRan: true });
  } catch (error) {
    logEvent("error", "tool-call-exception", { trace_id: traceId, tool: name, error });
    const outcome = tool.onError(error, validation.value, { traceId, locale, idempotencyKey: context.idempotencyKey, attempts });
    return finish({ tool: name, surface, outcome, attempts, startedAt, handlerRan: true });
  } finally {
    clearTimeout(timer);
  }
}
