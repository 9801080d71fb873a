// What a tool is to the dispatcher: a name, a zod input schema, whether it writes, and a handler returning a typed outcome.
import type { z } from "zod";
import type { StorageFaults } from "@/lib/faults/storage-faults";
import type { Locale } from "@/lib/i18n/locale";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import type { Store } from "@/lib/store/store";
import type { TurnRows } from "@/lib/store/turn-store";
import type { ToolOutcome } from "@/lib/outcome/tool-outcome";

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
  /** Write tools only: the key the harness created for this call before its first attempt. */
  idempotencyKey?: string;
  /** Write tools only: the turn's rows the harness commits in the same transaction as the change. */
  alsoWrite?: (outcome: ToolOutcome, serialized: string) => TurnRows;
};

export type ToolResult = { outcome: ToolOutcome; serialized?: string };

export type ToolDefinition<Input extends Record<string, unknown> = Record<string, unknown>> = {
  name: string;
  description: string;
  inputSchema: z.ZodType<Input>;
  writes: boolean;
  run: (input: Input, context: ToolContext) => Promise<ToolResult>;
};

/** Keeps each tool's input type checked while the registry holds them side by side. */
export function defineTool<Input extends Record<string, unknown>>(definition: ToolDefinition<Input>): ToolDefinition {
  return definition as unknown as ToolDefinition;
}
