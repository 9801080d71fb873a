// /traces' second list: the tool calls assistants made over MCP, each with its result badge and a link to its detail.
import type { McpToolCallRow } from "@/lib/store/records";
import type { TracesText } from "@/lib/i18n/traces-text";
import type { Locale } from "@/lib/i18n/locale";
import { LocalTime } from "../_components/local-time";
import { DetailsLink } from "./details-link";

export function McpResultBadge({ call, text }: { call: Pick<McpToolCallRow, "isError" | "errorCode">; text: TracesText["mcp"] }) {
  const tone = !call.isError ? "badge-ok" : call.errorCode === "outcome_unknown" ? "badge-warning" : "badge-error";
  return (
    <span className={`badge ${tone}`} data-testid="mcp-result-badge" data-code={call.errorCode ?? "ok"}>
      {call.isError ? <code>{call.errorCode}</code> : text.ok}
    </span>
  );
}

export function McpCallsTable({ calls, locale, text }: { calls: McpToolCallRow[]; locale: Locale; text: TracesText }) {
  return (
    <section className="card" aria-labelledby="mcp-calls-title" data-testid="mcp-calls">
      <h2 id="mcp-calls-title">{text.mcp.title}</h2>
      <p className="field-hint">{text.mcp.intro}</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={text.mcp.tableCaption}>
        <table className="data-table traces-table" data-testid="mcp-calls-table">
          <caption>{text.mcp.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.time}</th>
              <th scope="col" className="text-cell">
                {text.tool}
              </th>
              <th scope="col" className="text-cell">
                {text.mcp.result}
              </th>
              <th scope="col" className="text-cell">
                {text.mcp.client}
              </th>
              <th scope="col">
                <span className="visually-hidden">{text.details}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {calls.map((call) => {
              const time = <LocalTime iso={call.startedAt.toISOString()} locale={locale} seconds />;
              return (
                <tr key={call.id} data-testid="mcp-trace-row" data-call-id={call.id} data-tool={call.name} data-code={call.errorCode ?? "ok"}>
                  <td className="time-cell">{time}</td>
                  <td className="text-cell">
                    <code>{call.name}</code>
                  </td>
                  <td className="text-cell">
                    <McpResultBadge call={call} text={text.mcp} />
                  </td>
                  <td className="text-cell">
                    <span className="field-hint">{call.client ?? text.mcp.unknownClient}</span>
                  </td>
                  <td>
                    <DetailsLink href={`/traces/mcp/${call.id}`} testId="mcp-trace-link" label={text.details} of={text.mcp.detailsOf} time={time} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
