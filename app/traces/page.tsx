// /traces: every turn of the signed-in user, newest first, with outcome, provider/model and model requests; then the
// tool calls assistants made over MCP, when there are any.
import type { Metadata } from "next";
import { getStore } from "@/lib/scope/get-store";
import { getDictionary } from "@/lib/i18n/get-locale";
import { modelLabel, providerLabel } from "@/lib/i18n/coach-name";
import { requireUser } from "@/lib/session";
import { listTurns } from "@/lib/traces/read-traces";
import { LocalTime } from "../_components/local-time";
import { DetailsLink } from "./details-link";
import { McpCallsTable } from "./mcp-calls-table";
import { OutcomeBadge } from "./outcome-badge";
import "./traces.css";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.traces.title };
}

export default async function TracesPage() {
  const user = await requireUser();
  const { locale, dictionary } = await getDictionary();
  const text = dictionary.traces;
  const store = getStore();
  const turns = await listTurns({ store, userId: user.id, limit: 200 });
  const mcpCalls = await store.mcpToolCalls.list({ userId: user.id, limit: 200 });
  return (
    <>
      <h1>{text.title}</h1>
      <p className="page-intro">{text.intro}</p>
      <section className="card">
        {turns.length === 0 ? (
          <p data-testid="traces-empty">{text.empty}</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={text.tableCaption}>
            <table className="data-table traces-table" data-testid="traces-table">
              <caption>{text.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.time}</th>
                  <th scope="col" className="text-cell">
                    {text.outcome}
                  </th>
                  <th scope="col" className="text-cell">
                    {text.providerModel}
                  </th>
                  <th scope="col">{text.modelRequests}</th>
                  <th scope="col">
                    <span className="visually-hidden">{text.details}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {turns.map((turn) => {
                  const time = <LocalTime iso={turn.startedAt} locale={locale} seconds />;
                  return (
                    <tr
                      key={turn.id}
                      data-testid="trace-row"
                      data-turn-id={turn.id}
                      data-outcome={turn.outcome ?? "unfinished"}
                      data-resolution={turn.resolution ?? ""}
                      data-provider={turn.provider}
                    >
                      <td className="time-cell">{time}</td>
                      <td className="text-cell">
                        <OutcomeBadge outcome={turn.outcome} resolution={turn.resolution} labels={text.outcomes} resolutions={text.resolutions} />
                      </td>
                      <td className="text-cell" data-testid="trace-provider-cell">
                        {providerLabel(turn.provider, locale)}
                        {modelLabel(turn.provider, turn.model) ? <span className="trace-model">{turn.model}</span> : null}
                      </td>
                      <td data-testid="trace-model-requests" data-label={text.modelRequests}>
                        {turn.modelRequests}
                      </td>
                      <td>
                        <DetailsLink href={`/traces/${turn.id}`} testId="trace-link" label={text.details} of={text.detailsOf} time={time} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {mcpCalls.length > 0 ? <McpCallsTable calls={mcpCalls} locale={locale} text={text} /> : null}
    </>
  );
}
