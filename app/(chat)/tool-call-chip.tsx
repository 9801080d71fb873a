// One tool call as a chip: tool, key arguments and ok / error code; expanding it shows the JSON the model received.
import { describeToolArguments } from "@/lib/chat/describe-tool-arguments";
import type { ToolCallView } from "@/lib/chat/turn-view";
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";

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

export function ToolCallChip({ call, text }: { call: ToolCallView; text: Dictionary["chat"] }) {
  const code = chipCode(call);
  const statusLabel = call.status === "running" ? text.toolRunning : call.status === "ok" ? text.toolOk : call.status === "skipped" ? text.toolSkipped : code;
  return (
    <li className={`tool-chip tool-chip-${call.status}`} data-testid="tool-chip" data-tool={call.name} data-status={call.status} data-code={code}>
      <details>
        <summary>
          <span className="tool-chip-name">{call.name}</span>
          <span className="tool-chip-arguments" data-testid="tool-chip-arguments">
            {describeToolArguments(call.arguments)}
          </span>
          <span className="tool-chip-status" data-testid="tool-chip-status">
            {call.status === "running" ? <span className="spinner" aria-hidden="true" /> : null}
            {statusLabel}
          </span>
        </summary>
        <div className="tool-chip-body">
          <h4>{text.toolArguments}</h4>
          <pre data-testid="tool-chip-arguments-json">{prettyJson(call.arguments)}</pre>
          <h4>{text.toolOutcome}</h4>
          <pre data-testid="tool-chip-outcome">{call.outcome ? prettyJson(call.outcome) : text.toolNoOutcome}</pre>
          {call.attempts !== undefined && call.latencyMs !== undefined ? (
            <p className="field-hint">{formatMessage(text.toolAttempts, { count: call.attempts, latency: Math.round(call.latencyMs) })}</p>
          ) : null}
        </div>
      </details>
    </li>
  );
}
