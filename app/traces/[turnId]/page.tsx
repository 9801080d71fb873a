// /traces/[turnId]: one turn's model requests and tool calls on a timeline, with every stored detail. 404 unless it is yours.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/lib/scope/get-store";
import { getDictionary } from "@/lib/i18n/get-locale";
import { isBuiltInCoach, modelLabel, providerLabel } from "@/lib/i18n/coach-name";
import { requireUser } from "@/lib/session";
import { buildTimeline } from "@/lib/traces/build-timeline";
import { getTurnTrace } from "@/lib/traces/read-traces";
import { formatMilliseconds } from "../format-time";
import { LocalTime } from "../../_components/local-time";
import { OutcomeBadge } from "../outcome-badge";
import { TraceFacts } from "../trace-facts";
import { toolLabel, toolResultLabel } from "@/lib/i18n/operator-text";
import { OperatorNav } from "../../_components/operator-nav";
import { InjectedFaults } from "./injected-faults";
import { TraceTimeline } from "./trace-timeline";
import { TurnMessages } from "./turn-messages";
import "../traces.css";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.traces.detailTitle };
}

type RequestEnd = {
  round?: number;
  provider?: string;
  model?: string;
  status?: string;
  latencyMs?: number;
  usage?: { inputTokens?: number; outputTokens?: number };
};

export default async function TurnTracePage({ params }: { params: Promise<{ turnId: string }> }) {
  const user = await requireUser();
  const { turnId } = await params;
  const trace = await getTurnTrace({ store: getStore(), userId: user.id, turnId });
  if (!trace) notFound();
  const { locale, dictionary } = await getDictionary();
  const text = dictionary.traces;
  const requests = trace.events.filter((event) => event.type === "model-request-end").map((event) => event.data as RequestEnd);
  // Token counts only where a model reported them: the built-in coach is no model and reports none (turns stored
  // before it stopped estimating them included).
  const showTokens = requests.some((request) => request.usage !== undefined && !isBuiltInCoach(request.provider));
  // The traceable-number check's finding, stored with the answer and as this trace event.
  const untraceable = trace.events
    .filter((event) => event.type === "untraceable-numbers")
    .flatMap((event) => (event.data.numbers as string[] | undefined) ?? []);
  const duration = trace.endedAt ? Date.parse(trace.endedAt) - Date.parse(trace.startedAt) : null;
  const operator = dictionary.operator;
  return (
    <>
      <OperatorNav dictionary={dictionary} />
      <p>
        <Link href="/traces" data-testid="traces-back">
          ← {text.backToList}
        </Link>
      </p>
      <h1>{text.detailTitle}</h1>
      <section className="card" data-testid="trace-summary" data-turn-id={trace.id}>
        <TraceFacts
          facts={[
            {
              label: text.outcome,
              value: <OutcomeBadge outcome={trace.outcome} resolution={trace.resolution} labels={text.outcomes} resolutions={text.resolutions} />,
            },
            { label: text.provider, value: providerLabel(trace.provider, locale), testId: "trace-provider" },
            { label: text.model, value: modelLabel(trace.provider, trace.model) ?? text.noModel, testId: "trace-model" },
            { label: text.modelRequests, value: trace.modelRequests, testId: "trace-model-request-count" },
            { label: text.started, value: <LocalTime iso={trace.startedAt} locale={locale} seconds /> },
            { label: text.duration, value: `${formatMilliseconds(duration, locale)} ms` },
            { label: text.traceId, value: trace.traceId, code: true },
            untraceable.length > 0 ? { label: text.untraceable, value: untraceable.join(", "), testId: "trace-untraceable-numbers" } : null,
            { label: operator.faultsFact, value: <InjectedFaults faults={trace.faultsInjected} text={operator} />, testId: "trace-faults" },
          ]}
        />
        <p>
          <Link href={`/?c=${encodeURIComponent(trace.conversationId)}`} data-testid="trace-conversation-link">
            {text.openConversation}
          </Link>
        </p>
      </section>

      <section className="card" aria-labelledby="conversation-title">
        <h2 id="conversation-title">{operator.conversationTitle}</h2>
        <TurnMessages messages={trace.messages} text={operator} />
      </section>

      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">{text.timelineTitle}</h2>
        <TraceTimeline timeline={buildTimeline(trace)} locale={locale} text={text} />
      </section>

      <section className="card" aria-labelledby="requests-title">
        <h2 id="requests-title">{text.requestsTitle}</h2>
        {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
        <div className="table-scroll" tabIndex={0} role="region" aria-label={operator.requestsTable}>
          <table className="data-table" data-testid="trace-requests">
            <thead>
              <tr>
                <th scope="col">{text.round}</th>
                <th scope="col" className="text-cell">
                  {text.provider}
                </th>
                <th scope="col" className="text-cell">
                  {text.model}
                </th>
                <th scope="col" className="text-cell">
                  {text.status}
                </th>
                <th scope="col">{text.latency}</th>
                {showTokens ? (
                  <>
                    <th scope="col">{text.inputTokens}</th>
                    <th scope="col">{text.outputTokens}</th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {requests.map((request, index) => (
                <tr key={request.round ?? index} data-testid="trace-request" data-status={request.status}>
                  <td>{request.round ?? index + 1}</td>
                  <td className="text-cell">{request.provider ? providerLabel(request.provider, locale) : "–"}</td>
                  <td className="text-cell">{request.provider && request.model ? (modelLabel(request.provider, request.model) ?? text.noModel) : "–"}</td>
                  <td className="text-cell">{request.status}</td>
                  <td>{formatMilliseconds(request.latencyMs, locale)}</td>
                  {showTokens ? (
                    <>
                      <td>{isBuiltInCoach(request.provider) ? "–" : (request.usage?.inputTokens ?? "–")}</td>
                      <td>{isBuiltInCoach(request.provider) ? "–" : (request.usage?.outputTokens ?? "–")}</td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="tools-title">
        <h2 id="tools-title">{text.toolCallsTitle}</h2>
        {trace.toolCalls.length === 0 ? (
          <p>{text.noToolCalls}</p>
        ) : (
          <ol className="trace-tool-calls" data-testid="trace-tool-calls">
            {trace.toolCalls.map((call) => (
              <li
                key={call.id}
                className="trace-tool-call"
                data-testid="trace-tool-call"
                data-tool={call.name}
                data-status={call.status}
                data-code={call.error ?? call.status}
              >
                <TraceFacts
                  facts={[
                    { label: text.tool, value: toolLabel(call.name, operator), testId: "trace-tool-name" },
                    { label: text.status, value: toolResultLabel(call, operator), testId: "trace-tool-result" },
                    { label: text.code, value: call.error ?? "–", testId: "trace-tool-code" },
                    { label: text.recovery, value: call.recovery ?? "–" },
                    { label: text.attempts, value: call.attempts, testId: "trace-tool-attempts" },
                    { label: text.latency, value: formatMilliseconds(call.latencyMs, locale) },
                    { label: text.idempotencyKey, value: call.idempotencyKey ?? "–", code: true, testId: "trace-tool-key" },
                    call.resolution
                      ? {
                          label: text.resolution,
                          value: <span data-resolution={call.resolution}>{text.resolutions[call.resolution]}</span>,
                          testId: "trace-tool-resolution",
                        }
                      : null,
                  ]}
                />
                <h3 className="trace-subtitle">{text.arguments}</h3>
                <pre className="code-block">{call.arguments}</pre>
                <details>
                  <summary>{text.outcomeJson}</summary>
                  <pre className="code-block" data-testid="trace-tool-outcome">
                    {call.outcome ?? "–"}
                  </pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card" aria-labelledby="events-title">
        <details>
          <summary>
            <h2 id="events-title" className="inline-heading">
              {text.eventsTitle}
            </h2>
          </summary>
          <ol className="trace-events" data-testid="trace-events">
            {trace.events.map((event) => (
              <li key={event.seq}>
                <code>{event.type}</code>{" "}
                <span className="field-hint">+{formatMilliseconds(Date.parse(event.at) - Date.parse(trace.startedAt), locale)} ms</span>
                <pre className="code-block">{JSON.stringify(event.data, null, 2)}</pre>
              </li>
            ))}
          </ol>
        </details>
      </section>
    </>
  );
}
