// Test fixture: drives the offline brain round by round, answering its tool calls with real contract outcomes.
import type { HistoryItem } from "@/lib/agent/history";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import type { ModelResponse } from "@/lib/agent/providers/types";
import { errorOutcome, serializeOutcomeContent, successOutcome, type ToolErrorCode, type ToolOutcome } from "@/lib/outcome/tool-outcome";
import type { Locale } from "@/lib/i18n/locale";

export const TODAY = "2026-03-10";

export function systemPrompt({ today = TODAY, locale = "en" }: { today?: string; locale?: Locale } = {}): string {
  return [
    "You are Palestra's Coach. Use the tools to read and save body measurements.",
    `Today's date in the user's time zone: ${today}.`,
    `The user's language: ${locale}`,
  ].join("\n");
}

export type PlainCall = { name: string; arguments: Record<string, unknown> };

export function callsOf(response: ModelResponse): PlainCall[] {
  return response.toolCalls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) as Record<string, unknown> }));
}

export function failure(code: ToolErrorCode, options: { message?: string; details?: Record<string, unknown> } = {}): ToolOutcome {
  return errorOutcome({ code, message: options.message ?? `Tool failed with ${code}.`, traceId: "trc_test", details: options.details });
}

export function notFound(date: string): ToolOutcome {
  return failure("not_found", {
    message: `There is no measurement record for ${date}. This does not tell whether records exist on other dates.`,
    details: { date },
  });
}

export function found(date: string, values: Record<string, number>, note: string | null = null): ToolOutcome {
  return successOutcome({ date, values, note, updated_at: "2026-01-01T00:00:00.000Z" });
}

/** A conversation with the brain: `say` adds a user message, `reply` answers the pending calls; both return the next response. */
export function startConversation(options: { locale?: Locale; today?: string } = {}) {
  const history: HistoryItem[] = [];
  const system = systemPrompt(options);
  const next = (): ModelResponse => {
    const response = decideNextStep({ system, history });
    history.push({ type: "assistant", text: response.text, toolCalls: response.toolCalls });
    return response;
  };
  return {
    history,
    say(text: string): ModelResponse {
      history.push({ type: "user", text });
      return next();
    },
    reply(...outcomes: ToolOutcome[]): ModelResponse {
      const last = history.at(-1);
      if (last?.type !== "assistant" || last.toolCalls.length !== outcomes.length) throw new Error("reply() needs one outcome per pending call");
      last.toolCalls.forEach((call, index) => {
        const outcome = outcomes[index] as ToolOutcome;
        history.push({ type: "tool-result", callId: call.callId, name: call.name, isError: outcome.isError, content: serializeOutcomeContent(outcome) });
      });
      return next();
    },
  };
}
