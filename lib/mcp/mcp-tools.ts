// The Coach's tools as MCP serves them: the same definitions, descriptions and zod schemas, except that the write
// tools (save_measurement, set_goal) also take the optional `idempotency_key` a retrying client sends again.
import "server-only";
import { z } from "zod";
import { tools } from "@/lib/agent/tools";
import type { ToolDefinition } from "@/lib/agent/tools/tool-definition";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/measurements/fields";
import { convertedSaveSchema, convertSentSave, sentSaveSchema } from "@/lib/measurements/save-measurement-tool-input";
import { setGoalInputSchemaWithKey } from "@/lib/measurements/set-goal-input";
import { isMcpToolName, outputSchemaOf } from "./mcp-output-schemas";

const LONE_SURROGATE = /\p{Cs}/u;

export const idempotencyKeyArgumentSchema = z
  .string()
  .min(1)
  .max(MAX_IDEMPOTENCY_KEY_LENGTH)
  .refine((key) => !LONE_SURROGATE.test(key), "well-formed text")
  .describe(
    "Optional. A new unique value (a UUID) for each intended save; send the SAME value again only to retry that save after an error or a lost answer: " +
      "the first result is then returned unchanged and nothing is saved twice. Without it the server makes a key for this call alone.",
  );

const mcpSaveInputSchema = sentSaveSchema
  .extend({ idempotency_key: idempotencyKeyArgumentSchema.optional() })
  .transform(convertSentSave)
  .pipe(convertedSaveSchema.extend({ idempotency_key: z.string().optional() }));

const mcpSetGoalInputSchema = setGoalInputSchemaWithKey(idempotencyKeyArgumentSchema.optional());

/** Each write tool's MCP schema: its own, plus the optional idempotency_key. */
const mcpWriteSchemas: Record<string, z.ZodType> = { save_measurement: mcpSaveInputSchema, set_goal: mcpSetGoalInputSchema };

/** The key travels in the call's context (the dispatcher made it the call's key); the write's fingerprint never sees it. */
function withIdempotencyKeyArgument(tool: ToolDefinition, schema: z.ZodType): ToolDefinition {
  return {
    ...tool,
    inputSchema: schema as unknown as ToolDefinition["inputSchema"],
    run: ({ idempotency_key: _key, ...input }, context) => tool.run(input, context),
  };
}

export const mcpTools: readonly ToolDefinition[] = tools.map((tool) => {
  const schema = mcpWriteSchemas[tool.name];
  return schema ? withIdempotencyKeyArgument(tool, schema) : tool;
});

export const mcpToolsByName: ReadonlyMap<string, ToolDefinition> = new Map(mcpTools.map((tool) => [tool.name, tool]));

export type McpToolDeclaration = {
  name: string;
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  outputSchema?: { type: "object"; [key: string]: unknown };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
};

let declarations: McpToolDeclaration[] | undefined;

/** What tools/list answers; built once per process. */
export function getMcpToolDeclarations(): McpToolDeclaration[] {
  declarations ??= mcpTools.map((tool) => {
    const { $schema: _schema, ...inputSchema } = z.toJSONSchema(tool.inputSchema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    return {
      name: tool.name,
      description: tool.description,
      inputSchema: { type: "object", ...inputSchema },
      ...(isMcpToolName(tool.name) ? { outputSchema: outputSchemaOf(tool.name) } : {}),
      // A save with replace: true overwrites stored values; a goal replaces the previous one.
      annotations: { readOnlyHint: !tool.writes, destructiveHint: tool.writes, openWorldHint: false },
    };
  });
  return declarations;
}
