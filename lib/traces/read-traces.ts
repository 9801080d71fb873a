// Read models of the stored traces: a user's turns, one turn's events, and the aggregates the metrics page charts.
import "server-only";
import type { Store } from "@/lib/store/store";
import type { MetricsSummary, TurnListFilter, TurnSummary, TurnTrace } from "@/lib/store/turn-store";

export type { MetricsSummary, TraceEventView, TurnSummary, TurnTrace } from "@/lib/store/turn-store";

/** Newest first; `outcome` and `tool` narrow the list (lib/traces/turn-list-filter.ts parses them from the page). */
export function listTurns(options: { store: Store; userId: string; limit?: number } & TurnListFilter): Promise<TurnSummary[]> {
  const { store, userId, limit, ...filter } = options;
  return store.turns.list({ userId, limit: limit ?? 100, ...filter });
}

/** One turn's trace, or undefined when the turn is not this user's. */
export function getTurnTrace(options: { store: Store; userId: string; turnId: string }): Promise<TurnTrace | undefined> {
  return options.store.turns.getTrace({ userId: options.userId, turnId: options.turnId });
}

/** The user's own figures over the last `days` days, from the stored rows (the page's charts). */
export function summarizeMetrics(options: { store: Store; userId: string; days?: number; now?: number }): Promise<MetricsSummary> {
  const since = new Date((options.now ?? Date.now()) - (options.days ?? 30) * 86_400_000);
  return options.store.turns.summarizeMetrics({ userId: options.userId, since });
}
