// One tool call as a chip (developer detail): tool, key arguments and ok / error code; expanding it shows the JSON
// the model received.
import { describeToolArguments } from "@/lib/chat/describe-tool-arguments";
import type { ToolCallView } from "@/lib/chat/turn-view";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatNumber, formatPlural } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { badgeKeys } from "./write-resolution";

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** What the chip shows as its result: the error code itself, so QA reads the contract's words. */
export function chipCode(call: ToolCallView): string {
  if (call.status === "error") return call.error ?? "error";
  return call.status;
}

export function ToolCallChip({ call, locale, text }: { call: ToolCallView; locale: Locale; text: Dictionary["chat"] }) {
  const code = chipCode(call);
  const statusLabel = call.status === "running" ? text.toolRunning : call.status === "ok" ? text.toolOk : call.status === "skipped" ? text.toolSkipped : code;
  // A stopped save the person resolved afterwards says so beside its original code.
  const resolved = call.resolution ? ` → ${text.write[badgeKeys[call.resolution]]}` : "";
  const savedLater = call.resolution === "saved" || call.resolution === "saved_now";
  return (
    <li
      className={`tool-chip tool-chip-${call.status}${savedLater ? " tool-chip-resolved" : ""}`}
      data-testid="tool-chip"
      data-tool={call.name}
      data-status={call.status}
      data-code={code}
      data-resolution={call.resolution ?? ""}
    >
      <details>
        <summary>
          <span className="tool-chip-name">{call.name}</span>
          <span className="tool-chip-arguments" data-testid="tool-chip-arguments">
            {describeToolArguments(call.arguments)}
          </span>
          <span className="tool-chip-status" data-testid="tool-chip-status">
            {call.status === "running" ? <span className="spinner" aria-hidden="true" /> : null}
            {statusLabel}
            {resolved}
          </span>
        </summary>
        <div className="tool-chip-body">
          <h4>{text.toolArguments}</h4>
          <pre data-testid="tool-chip-arguments-json">{prettyJson(call.arguments)}</pre>
          <h4>{text.toolOutcome}</h4>
          <pre data-testid="tool-chip-outcome">{call.outcome ? prettyJson(call.outcome) : text.toolNoOutcome}</pre>
          {call.attempts !== undefined && call.latencyMs !== undefined ? (
            <p className="field-hint">
              {formatPlural(text.toolAttempts, call.attempts, locale, { latency: formatNumber(Math.round(call.latencyMs), locale) })}
            </p>
          ) : null}
        </div>
      </details>
    </li>
  );
}
