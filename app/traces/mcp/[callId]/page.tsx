// /traces/mcp/[callId]: one tool call an assistant made over MCP, with everything stored about it. 404 unless it is yours.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/lib/scope/get-store";
import { getDictionary } from "@/lib/i18n/get-locale";
import { requireUser } from "@/lib/session";
import { OperatorNav } from "../../../_components/operator-nav";
import { LocalTime } from "../../../_components/local-time";
import { formatMilliseconds } from "../../format-time";
import { McpResultBadge } from "../../mcp-calls-table";
import { TraceFacts } from "../../trace-facts";
import "../../traces.css";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.traces.mcp.detailTitle };
}

export default async function McpCallTracePage({ params }: { params: Promise<{ callId: string }> }) {
  const user = await requireUser();
  const { callId } = await params;
  const call = await getStore().mcpToolCalls.find({ userId: user.id, id: callId });
  if (!call) notFound();
  const { locale, dictionary } = await getDictionary();
  const text = dictionary.traces;
  return (
    <>
      <OperatorNav dictionary={dictionary} />
      <p>
        <Link href="/traces" data-testid="traces-back">
          ← {text.mcp.backToList}
        </Link>
      </p>
      <h1>{text.mcp.detailTitle}</h1>
      <section className="card" data-testid="mcp-trace-summary" data-call-id={call.id} data-code={call.errorCode ?? "ok"}>
        <TraceFacts
          facts={[
            { label: text.mcp.source, value: text.mcp.sourceValue, testId: "mcp-trace-source" },
            { label: text.tool, value: call.name, code: true },
            { label: text.mcp.result, value: <McpResultBadge call={call} text={text.mcp} /> },
            { label: text.recovery, value: call.recovery ?? "–" },
            { label: text.attempts, value: call.attempts, testId: "mcp-trace-attempts" },
            { label: text.latency, value: formatMilliseconds(call.latencyMs, locale) },
            { label: text.started, value: <LocalTime iso={call.startedAt.toISOString()} locale={locale} seconds /> },
            { label: text.traceId, value: call.traceId, code: true, testId: "mcp-trace-id" },
            { label: text.idempotencyKey, value: call.idempotencyKey ?? "–", code: true, testId: "mcp-trace-key" },
            { label: text.mcp.client, value: call.client ?? text.mcp.unknownClient },
            { label: text.mcp.apiKey, value: call.apiKeyId ?? "–", code: true },
          ]}
        />
        <h2 className="trace-subtitle">{text.arguments}</h2>
        <pre className="code-block">{call.arguments}</pre>
        <h2 className="trace-subtitle">{text.outcomeJson}</h2>
        <pre className="code-block" data-testid="mcp-trace-outcome">
          {call.outcome}
        </pre>
      </section>
    </>
  );
}
