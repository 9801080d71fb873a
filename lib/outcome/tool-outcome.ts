// The tool-result contract (version 1): outcome types, codes, recovery values, and the constructors that build them.
import { z } from "zod";

export const toolErrorCodes = [
  "bad_arguments",
  "not_found",
  "conflict",
  "range_too_large",
  "unavailable",
  "write_failed",
  "outcome_unknown",
  "idempotency_key_reused",
  "forbidden",
  "internal",
] as const;
export type ToolErrorCode = (typeof toolErrorCodes)[number];

export const recoveryValues = ["correct_arguments", "choose_alternative", "wait_and_retry", "narrow_scope", "stop_turn"] as const;
export type Recovery = (typeof recoveryValues)[number];

/** The recovery each code carries: stop_turn exactly for the codes after which the model must not act again. */
export const recoveryByCode: Record<ToolErrorCode, Recovery> = {
  bad_arguments: "correct_arguments",
  not_found: "choose_alternative",
  conflict: "correct_arguments",
  range_too_large: "narrow_scope",
  unavailable: "choose_alternative",
  write_failed: "stop_turn",
  outcome_unknown: "stop_turn",
  idempotency_key_reused: "stop_turn",
  forbidden: "stop_turn",
  internal: "choose_alternative",
};

export const suggestedActionSchema = z.object({
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});
export type SuggestedAction = z.infer<typeof suggestedActionSchema>;

export const toolErrorSchema = z
  .object({
    kind: z.literal("tool_error"),
    version: z.literal(1),
    is_error: z.literal(true),
    error: z.enum(toolErrorCodes),
    message: z.string().min(1),
    recovery: z.enum(recoveryValues),
    recoverable: z.boolean(),
    details: z.record(z.string(), z.unknown()).optional(),
    suggested_action: suggestedActionSchema.optional(),
    trace_id: z.string().min(1),
  })
  .strict()
  .refine((value) => value.recoverable === (value.recovery !== "stop_turn"), {
    message: "recoverable must be false exactly when recovery is stop_turn",
  });
export type ToolError = z.infer<typeof toolErrorSchema>;

export type ToolSuccess = Record<string, unknown>;

export type ToolOutcome = { isError: false; content: ToolSuccess } | { isError: true; content: ToolError };

/** Builds an error content; recovery and recoverable follow from the code, so no caller can mismatch them. */
export function toolError(options: {
  code: ToolErrorCode;
  message: string;
  traceId: string;
  details?: Record<string, unknown>;
  suggestedAction?: SuggestedAction;
}): ToolError {
  const recovery = recoveryByCode[options.code];
  const content: ToolError = {
    kind: "tool_error",
    version: 1,
    is_error: true,
    error: options.code,
    message: options.message,
    recovery,
    recoverable: recovery !== "stop_turn",
    trace_id: options.traceId,
  };
  if (options.details) content.details = options.details;
  if (options.suggestedAction) content.suggested_action = options.suggestedAction;
  return content;
}

export function errorOutcome(options: Parameters<typeof toolError>[0]): ToolOutcome {
  return { isError: true, content: toolError(options) };
}

export function successOutcome(content: ToolSuccess): ToolOutcome {
  if (Object.prototype.hasOwnProperty.call(content, "is_error")) {
    // A success never carries a top-level is_error key: the flag alone tells an error from data.
    throw new TypeError("success content must not have a top-level is_error key");
  }
  return { isError: false, content };
}

/** Serializes an outcome's content once; this string is what is stored and replayed byte for byte. */
export function serializeOutcomeContent(outcome: ToolOutcome): string {
  return JSON.stringify(outcome.content);
}

/** Rebuilds an outcome from its stored column pair; the flag comes from the column, never from the text. */
export function outcomeFromStored(stored: { isError: boolean; content: string }): ToolOutcome {
  const parsed = JSON.parse(stored.content) as Record<string, unknown>;
  return stored.isError ? { isError: true, content: parsed as ToolError } : { isError: false, content: parsed };
}
