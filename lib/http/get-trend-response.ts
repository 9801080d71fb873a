// GET /api/v1/trend: get_trend run through the Coach's own dispatcher (the same validation, read retries, deadline and
// QA storage faults), its outcome mapped to HTTP: 200 with the tool's content, or the contract's code as a problem.
import "server-only";
import { dispatchToolCall } from "@/lib/agent/dispatch-tool-call";
import { getTrendTool } from "@/lib/agent/tools/get-trend";
import type { ToolDefinition } from "@/lib/agent/tools/tool-definition";
import type { Locale } from "@/lib/i18n/locale";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import type { ToolOutcome } from "@/lib/outcome/tool-outcome";
import { createRequestScope } from "@/lib/scope/request-scope";
import { jsonTextResponse } from "./json-response";
import { problemResponse, type ProblemSlug } from "./problem";

const registry: ReadonlyMap<string, ToolDefinition> = new Map([[getTrendTool.name, getTrendTool]]);

/** A whole number stays a number (the tool's schema judges its range); anything else is passed as sent, to be refused. */
function daysArgument(text: string | null): unknown {
  if (text === null) return undefined;
  return /^-?\d{1,6}$/.test(text) ? Number(text) : text;
}

function problemOf(outcome: Extract<ToolOutcome, { isError: true }>): Response {
  const { error, message, details } = outcome.content;
  const slug: ProblemSlug = error === "bad_arguments" || error === "unavailable" ? error : "internal";
  if (slug === "bad_arguments") return problemResponse({ slug, detail: message, extensions: { errors: [{ message, ...details }] } });
  return problemResponse({
    slug,
    detail: message,
    extensions: { ...details, trace_id: outcome.content.trace_id },
    ...(slug === "unavailable" ? { headers: { "retry-after": "1" } } : {}),
  });
}

export async function getTrendResponse(options: {
  user: { id: string; units: UnitSystem };
  locale: Locale;
  today: string;
  searchParams: URLSearchParams;
}): Promise<Response> {
  const { user, locale, today, searchParams } = options;
  const scope = createRequestScope({ user, locale, today });
  const input: Record<string, unknown> = { field: searchParams.get("field") ?? undefined, days: daysArgument(searchParams.get("days")) };
  for (const name of searchParams.keys()) if (name !== "field" && name !== "days") input[name] = searchParams.get(name);
  const result = await dispatchToolCall({
    name: getTrendTool.name,
    argumentsText: JSON.stringify(input),
    registry,
    timeoutMs: scope.toolTimeoutMs,
    context: {
      store: scope.store,
      userId: scope.userId,
      traceId: scope.traceId,
      locale,
      today: scope.today,
      unitSystem: scope.unitSystem,
      faults: scope.faults,
      surface: "api",
    },
  });
  if (result.outcome.isError) return problemOf(result.outcome);
  return jsonTextResponse(result.serialized, { status: 200 });
}
