// The prom-client registry: tool results by tool x status x code x surface, turns by outcome, model requests by provider x status.
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

function createMetrics() {
  const registry = new Registry();
  // The process's own gauges (CPU, resident memory, heap, event-loop lag, open handles), under their standard names.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    toolResults: new Counter({
      name: "palestra_tool_results_total",
      help: "Tool executions by tool, status (ok or error), error code and surface (chat: the Coach; mcp: an assistant over MCP; api: GET /api/v1/trend).",
      labelNames: ["tool", "status", "error", "surface"] as const,
      registers: [registry],
    }),
    untraceableNumbers: new Counter({
      name: "palestra_untraceable_numbers_total",
      help: "Numbers in final answers traced to neither the person's message nor the turn's tool results, by provider.",
      labelNames: ["provider"] as const,
      registers: [registry],
    }),
    turns: new Counter({ name: "palestra_turns_total", help: "Finished chat turns by outcome.", labelNames: ["outcome"] as const, registers: [registry] }),
    modelRequests: new Counter({
      name: "palestra_model_requests_total",
      help: "Model requests by provider and status (ok, or the provider failure kind).",
      labelNames: ["provider", "status"] as const,
      registers: [registry],
    }),
    toolLatency: new Histogram({
      name: "palestra_tool_latency_seconds",
      help: "Tool execution latency, retries included.",
      labelNames: ["tool"] as const,
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
    modelLatency: new Histogram({
      name: "palestra_model_request_latency_seconds",
      help: "Model request latency.",
      labelNames: ["provider"] as const,
      buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
    turnLatency: new Histogram({
      name: "palestra_turn_latency_seconds",
      help: "Whole turn latency.",
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const globalForMetrics = globalThis as unknown as { palestraMetrics?: Metrics };

/** One registry per process (kept across hot reloads in development). */
export function getMetrics(): Metrics {
  globalForMetrics.palestraMetrics ??= createMetrics();
  return globalForMetrics.palestraMetrics;
}
