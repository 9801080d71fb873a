// What a tool is to the dispatcher: a name, a zod input schema, whether it writes, a handler returning a typed outcome,
// and its own mapping of an unexpected exception to an outcome (the dispatcher knows no tool's arguments).
import type { z } from "zod";
import type { StorageFaults } from "@/lib/faults/storage-faults";
import type { Locale } from "@/lib/i18n/locale";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import type { Store } from "@/lib/store/store";
import type { TurnRows } from "@/lib/store/turn-store";
import type { ToolOutcome } from "@/lib/outcome/tool-outcome";

/** Where a tool call came from: the Coach's chat, an assistant over MCP, or the HTTP API (a label on the tool-result counter). */
export type ToolSurface = "chat" | "mcp" | "api";

export type ToolContext = {
  store: Store;
  userId: string;
  traceId: string;
  locale: Locale;
  today: string;
  /** The person's unit preference: reads add display_values in pounds and inches for "imperial". Metric when absent. */
  unitSystem?: UnitSystem;
  faults: StorageFaults;
  /** Aborted when the tool's deadline passes. */
  signal: AbortSignal;
  /** Called at the start of every storage attempt, so retries are recorded on the tool call. */
  onAttempt: () => void;
  /** "chat" when absent; a save stores it as each new value's source. */
  surface?: ToolSurface;
  /** Write tools only: the key the harness created for this call before its first attempt. */
  idempotencyKey?: string;
  /** Write tools only: the turn's rows the harness commits in the same transaction as the change. */
  alsoWrite?: (outcome: ToolOutcome, serialized: string) => TurnRows;
};

export type ToolResult = { outcome: ToolOutcome; serialized?: string };

/** Raised by the dispatcher's deadline when a tool takes longer than allowed. */
export class ToolDeadlineError extends Error {
  override name = "ToolDeadlineError";
}

/** What a tool's `onError` is told besides the exception (a ToolDeadlineError when the deadline passed). */
export type ToolErrorContext = Pick<ToolContext, "traceId" | "locale" | "idempotencyKey"> & {
  /** Storage attempts made before the exception (at least 1 once the handler ran). */
  attempts: number;
};

export type ToolDefinition<Input extends Record<string, unknown> = Record<string, unknown>> = {
  name: string;
  description: string;
  inputSchema: z.ZodType<Input>;
  writes: boolean;
  run: (input: Input, context: ToolContext) => Promise<ToolResult>;
  /**
   * The outcome of an exception that escaped `run` or of its deadline: a read answers internal or unavailable (the
   * data is unknown, never "none"); a write answers outcome_unknown, since "it failed" is not "it did nothing".
   */
  onError: (error: unknown, input: Input, context: ToolErrorContext) => ToolOutcome;
};

/** Keeps each tool's input type checked while the registry holds them side by side. */
export function defineTool<Input extends Record<string, unknown>>(definition: ToolDefinition<Input>): ToolDefinition {
  return definition as unknown as ToolDefinition;
}
