// The turn's model requests and tool calls as bars on one time axis (a small Gantt chart, readable as a list).
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Locale } from "@/lib/i18n/locale";
import type { Timeline, TimelineSpan } from "@/lib/traces/build-timeline";
import { formatMilliseconds } from "../format-time";

/** The status shown after the times: a skipped call says, in the page's language, that it never ran and why. */
function statusText(span: TimelineSpan, text: Dictionary["traces"]): string | undefined {
  if (span.status === "skipped") return text.skipped[span.skipReason ?? "unknown"];
  return span.status || undefined;
}

export function TraceTimeline({ timeline, locale, text }: { timeline: Timeline; locale: Locale; text: Dictionary["traces"] }) {
  const { spans, totalMs } = timeline;
  return (
    <ol className="timeline" aria-label={text.timelineLabel} data-testid="trace-timeline">
      {spans.map((span, index) => {
        const end = span.endMs ?? totalMs;
        const left = (span.startMs / totalMs) * 100;
        const width = Math.max(((end - span.startMs) / totalMs) * 100, 0.8);
        const label = span.kind === "model" ? formatMessage(text.roundLabel, { round: span.round ?? index + 1 }) : span.label;
        const skipped = span.status === "skipped";
        const failed = span.status !== undefined && span.status !== "ok" && !skipped;
        const status = statusText(span, text);
        return (
          <li
            key={`${span.kind}-${span.toolCallId ?? span.round ?? index}`}
            className={`timeline-row timeline-${span.kind}`}
            data-testid="timeline-span"
            data-kind={span.kind}
            data-status={span.status ?? ""}
            data-skip-reason={span.skipReason}
          >
            <span className="timeline-label">
              {label}{" "}
              <span className="field-hint">
                +{formatMilliseconds(span.startMs, locale)} ms · {formatMilliseconds(end - span.startMs, locale)} ms{status ? ` · ${status}` : ""}
              </span>
            </span>
            <span className="timeline-track" aria-hidden="true">
              <span
                className={`timeline-bar${failed ? " timeline-bar-failed" : ""}${skipped ? " timeline-bar-skipped" : ""}`}
                style={{ left: `${Math.min(left, 99.2)}%`, width: `${Math.min(width, 100 - Math.min(left, 99.2))}%` }}
              />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
