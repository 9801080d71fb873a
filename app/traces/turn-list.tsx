// The traces list: one card per turn with what the person said, the tools it called and how each ended, how the turn
// ended (and what became of an uncertain save), and marks for numbers not from the records and injected QA faults.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { modelLabel, providerLabel } from "@/lib/i18n/coach-name";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Locale } from "@/lib/i18n/locale";
import { toolLabel, toolResultLabel } from "@/lib/i18n/operator-text";
import type { TurnSummary } from "@/lib/traces/read-traces";
import { LocalTime } from "../_components/local-time";
import { DetailsLink } from "./details-link";
import { OutcomeBadge } from "./outcome-badge";

type TurnListProps = { turns: TurnSummary[]; locale: Locale; dictionary: Dictionary };

export function TurnList({ turns, locale, dictionary }: TurnListProps) {
  const text = dictionary.traces;
  const operator = dictionary.operator;
  return (
    <ol className="turn-list" aria-label={text.tableCaption} data-testid="traces-table">
      {turns.map((turn) => {
        const time = <LocalTime iso={turn.startedAt} locale={locale} seconds />;
        return (
          <li
            key={turn.id}
            className="card turn-item"
            data-testid="trace-row"
            data-turn-id={turn.id}
            data-outcome={turn.outcome ?? "unfinished"}
            data-resolution={turn.resolution ?? (turn.unresolvedWrites > 0 ? "unresolved" : "")}
            data-provider={turn.provider}
            data-tools={turn.tools.map((call) => call.name).join(" ")}
            data-untraceable={turn.untraceableNumbers}
            data-fault-injected={turn.faultsInjected.length > 0}
          >
            <div className="turn-item-head">
              <span className="turn-item-time">{time}</span>
              <OutcomeBadge outcome={turn.outcome} resolution={turn.resolution} labels={text.outcomes} resolutions={text.resolutions} />
              {turn.resolution === null && turn.unresolvedWrites > 0 ? (
                <span className="badge badge-warning" data-testid="trace-unresolved">
                  {/* A failed save is known not stored (it waits to be saved from the chat); an uncertain one waits to be checked. */}
                  {turn.outcome === "stopped_write_failed" ? operator.unresolvedNotSaved : operator.unresolved}
                </span>
              ) : null}
              {turn.untraceableNumbers > 0 ? (
                <span className="badge badge-warning" data-testid="trace-untraceable-mark">
                  {formatMessage(operator.untraceableMark, { count: turn.untraceableNumbers })}
                </span>
              ) : null}
              {turn.faultsInjected.length > 0 ? (
                <span className="badge" data-testid="trace-fault-mark">
                  {operator.faultMark}
                </span>
              ) : null}
            </div>
            <p className="turn-excerpt">
              <span className="visually-hidden">{operator.message}: </span>
              <q data-testid="trace-excerpt">{turn.excerpt || operator.emptyMessage}</q>
            </p>
            {turn.tools.length === 0 ? (
              <p className="field-hint" data-testid="trace-no-tools">
                {operator.noTools}
              </p>
            ) : (
              <ul className="turn-tools" aria-label={operator.toolsColumn} data-testid="trace-tools">
                {turn.tools.map((call, index) => (
                  <li key={index} data-testid="trace-tool" data-tool={call.name} data-code={call.error ?? call.status}>
                    {toolLabel(call.name, operator)} · {toolResultLabel(call, operator)}
                  </li>
                ))}
              </ul>
            )}
            <p className="turn-item-foot">
              <span data-testid="trace-provider-cell">
                {providerLabel(turn.provider, locale)}
                {modelLabel(turn.provider, turn.model) ? <span className="trace-model">{turn.model}</span> : null}
              </span>
              <span>
                {text.modelRequests}: <span data-testid="trace-model-requests">{turn.modelRequests}</span>
              </span>
              <DetailsLink href={`/traces/${turn.id}`} testId="trace-link" label={text.details} of={text.detailsOf} time={time} />
            </p>
          </li>
        );
      })}
    </ol>
  );
}
