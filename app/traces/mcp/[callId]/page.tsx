// /traces/mcp/[callId]: one tool call an assistant made over MCP, with everything stored about it. 404 unless it is yours.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/lib/scope/get-store";
import { getDictionary } from "@/lib/i18n/get-locale";
import { requireUser } from "@/lib/session";
import { LocalTime } from "../../../_components/local-time";
import { formatMilliseconds } from "../../format-time";
import { McpResultBadge } from "../../mcp-calls-table";
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
      <p>
        <Link href="/traces" data-testid="traces-back">
          ← {text.mcp.backToList}
        </Link>
      </p>
      <h1>{text.mcp.detailTitle}</h1>
      <section className="card" data-testid="mcp-trace-summary" data-call-id={call.id} data-code={call.errorCode ?? "ok"}>
        <dl className="trace-facts">
          <div>
            <dt>{text.mcp.source}</dt>
            <dd data-testid="mcp-trace-source">{text.mcp.sourceValue}</dd>
          </div>
          <div>
            <dt>{text.tool}</dt>
            <dd>
              <code>{call.name}</code>
            </dd>
          </div>
          <div>
            <dt>{text.mcp.result}</dt>
            <dd>
              <McpResultBadge call={call} text={text.mcp} />
            </dd>
          </div>
          <div>
            <dt>{text.recovery}</dt>
            <dd>{call.recovery ?? "–"}</dd>
          </div>
          <div>
            <dt>{text.attempts}</dt>
            <dd data-testid="mcp-trace-attempts">{call.attempts}</dd>
          </div>
          <div>
            <dt>{text.latency}</dt>
            <dd>{formatMilliseconds(call.latencyMs, locale)}</dd>
          </div>
          <div>
            <dt>{text.started}</dt>
            <dd>
              <LocalTime iso={call.startedAt.toISOString()} locale={locale} seconds />
            </dd>
          </div>
          <div>
            <dt>{text.traceId}</dt>
            <dd>
              <code data-testid="mcp-trace-id">{call.traceId}</code>
            </dd>
          </div>
          <div>
            <dt>{text.idempotencyKey}</dt>
            <dd>
              <code data-testid="mcp-trace-key">{call.idempotencyKey ?? "–"}</code>
            </dd>
          </div>
          <div>
            <dt>{text.mcp.client}</dt>
            <dd>{call.client ?? text.mcp.unknownClient}</dd>
          </div>
          <div>
            <dt>{text.mcp.apiKey}</dt>
            <dd>
              <code>{call.apiKeyId ?? "–"}</code>
            </dd>
          </div>
        </dl>
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
