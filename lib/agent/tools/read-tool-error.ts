// The exception mapping every read tool shares: past the deadline the data is unavailable, anything else is internal;
// neither is ever reported as "no record".
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { errorOutcome, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import { ToolDeadlineError, type ToolErrorContext } from "./tool-definition";

export function readToolError(options: {
  error: unknown;
  context: ToolErrorContext;
  /** What was being read, in words ("2026-03-04", "2026-03-01 – 2026-03-31") and as details. */
  scope: string;
  scopeDetails: Record<string, unknown>;
}): ToolOutcome {
  const { error, context, scope, scopeDetails } = options;
  const { traceId, locale } = context;
  if (!(error instanceof ToolDeadlineError)) return errorOutcome({ code: "internal", message: toolErrorMessages[locale].internal(), traceId });
  const attempts = Math.max(context.attempts, 1);
  return errorOutcome({
    code: "unavailable",
    message: toolErrorMessages[locale].unavailableRead({ scope, attempts }),
    traceId,
    details: { ...scopeDetails, attempts },
  });
}
