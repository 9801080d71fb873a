// /traces: every turn of the signed-in user, newest first: what was said, the tools and how each ended, the outcome and
// what became of an uncertain save; narrowed by outcome and tool (?outcome=&tool=). Then the tool calls assistants made
// over MCP, when there are any.
import type { Metadata } from "next";
import { getStore } from "@/lib/scope/get-store";
import { formatMessage } from "@/lib/i18n/format-message";
import { getDictionary } from "@/lib/i18n/get-locale";
import { requireUser } from "@/lib/session";
import { listTurns } from "@/lib/traces/read-traces";
import { parseTurnListFilter } from "@/lib/traces/turn-list-filter";
import { OperatorNav } from "../_components/operator-nav";
import { McpCallsTable } from "./mcp-calls-table";
import { TurnFilters } from "./turn-filters";
import { TurnList } from "./turn-list";
import "./traces.css";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.traces.title };
}

type TracesPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TracesPage({ searchParams }: TracesPageProps) {
  const user = await requireUser();
  const { locale, dictionary } = await getDictionary();
  const text = dictionary.traces;
  const filter = parseTurnListFilter(await searchParams);
  const filtered = filter.outcome !== undefined || filter.tool !== undefined;
  const store = getStore();
  const turns = await listTurns({ store, userId: user.id, limit: 200, ...filter });
  const mcpCalls = await store.mcpToolCalls.list({ userId: user.id, limit: 200 });
  return (
    <>
      <OperatorNav dictionary={dictionary} />
      <h1>{text.title}</h1>
      <p className="page-intro">{text.intro}</p>
      <section className="card">
        {turns.length === 0 && !filtered ? (
          <p data-testid="traces-empty">{text.empty}</p>
        ) : (
          <>
            <TurnFilters filter={filter} dictionary={dictionary} />
            <p className="field-hint" data-testid="trace-count">
              {turns.length === 0 ? dictionary.operator.filters.noMatch : formatMessage(dictionary.operator.filters.shown, { count: turns.length })}
            </p>
            {turns.length > 0 ? <TurnList turns={turns} locale={locale} dictionary={dictionary} /> : null}
          </>
        )}
      </section>
      {mcpCalls.length > 0 ? <McpCallsTable calls={mcpCalls} locale={locale} text={text} /> : null}
    </>
  );
}
