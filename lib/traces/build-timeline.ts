// Pairs a turn's stored start/end trace events into spans on one time axis (model requests and tool calls), and
// places each call the harness skipped (never ran) as a zero-length tool span at the moment it was stored.
import { toolCallSkipReasons, type ToolCallSkipReason } from "@/lib/store/records";

export type TimelineSpan = {
  kind: "model" | "tool";
  /** "round 2" for a model request, the tool's name for a tool call. */
  label: string;
  round?: number;
  toolCallId?: string;
  startMs: number;
  /** Absent while the span never ended (a crash); drawn to the end of the axis. */
  endMs?: number;
  /** "ok", the error code of a failed call, a model request's status, or "skipped" for a call that never ran. */
  status?: string;
  /** Only on a skipped call: why the harness did not run it. */
  skipReason?: ToolCallSkipReason;
};

function isSkipReason(value: unknown): value is ToolCallSkipReason {
  return (toolCallSkipReasons as readonly unknown[]).includes(value);
}

export type Timeline = { spans: TimelineSpan[]; totalMs: number };

type EventLike = { type: string; at: string; data: Record<string, unknown> };

export function buildTimeline(options: { startedAt: string; endedAt: string | null; events: EventLike[] }): Timeline {
  const origin = Date.parse(options.startedAt);
  const offset = (at: string) => Math.max(0, Date.parse(at) - origin);
  const spans: TimelineSpan[] = [];
  const openModel = new Map<number, TimelineSpan>();
  const openTools = new Map<string, TimelineSpan>();
  let lastMs = 0;
  for (const event of options.events) {
    const at = offset(event.at);
    lastMs = Math.max(lastMs, at);
    const round = typeof event.data.round === "number" ? event.data.round : undefined;
    const toolCallId = typeof event.data.toolCallId === "string" ? event.data.toolCallId : undefined;
    if (event.type === "model-request-start" && round !== undefined) {
      const span: TimelineSpan = { kind: "model", label: `round ${round}`, round, startMs: at };
      spans.push(span);
      openModel.set(round, span);
    } else if (event.type === "model-request-end" && round !== undefined) {
      const span = openModel.get(round);
      if (span) Object.assign(span, { endMs: at, status: String(event.data.status ?? "") });
    } else if (event.type === "tool-call-start" && toolCallId) {
      const span: TimelineSpan = { kind: "tool", label: String(event.data.name ?? "tool"), toolCallId, startMs: at };
      spans.push(span);
      openTools.set(toolCallId, span);
    } else if (event.type === "tool-call-end" && toolCallId) {
      const span = openTools.get(toolCallId);
      const code = event.data.isError === true ? String(event.data.error ?? "error") : "ok";
      if (span) Object.assign(span, { endMs: at, status: code });
    } else if (event.type === "tool-call-skipped" && toolCallId) {
      // It has no start or end: it took no time, and drawing it open to the axis' end would suggest it was running.
      const reason = event.data.reason;
      spans.push({
        kind: "tool",
        label: String(event.data.name ?? "tool"),
        toolCallId,
        startMs: at,
        endMs: at,
        status: "skipped",
        ...(isSkipReason(reason) ? { skipReason: reason } : {}),
      });
    }
  }
  const endedMs = options.endedAt ? offset(options.endedAt) : 0;
  return { spans, totalMs: Math.max(lastMs, endedMs, 1) };
}
