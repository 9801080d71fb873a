// The Coach's tools by name, and their declarations for the providers (JSON Schema from zod, never by hand).
import "server-only";
import { z } from "zod";
import type { ToolDeclaration } from "../providers/types";
import { getTrendTool } from "./get-trend";
import { listMeasurementsTool } from "./list-measurements";
import { readMeasurementTool } from "./read-measurement";
import { saveMeasurementTool } from "./save-measurement";
import { setGoalTool } from "./set-goal";
import type { ToolDefinition } from "./tool-definition";

export const tools: readonly ToolDefinition[] = [readMeasurementTool, listMeasurementsTool, saveMeasurementTool, getTrendTool, setGoalTool];

export const toolsByName: ReadonlyMap<string, ToolDefinition> = new Map(tools.map((tool) => [tool.name, tool]));

export const toolNames = tools.map((tool) => tool.name);

let declarations: ToolDeclaration[] | undefined;

export function getToolDeclarations(): ToolDeclaration[] {
  declarations ??= tools.map((tool) => {
    const { $schema: _schema, ...parameters } = z.toJSONSchema(tool.inputSchema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    return { name: tool.name, description: tool.description, parameters };
  });
  return declarations;
}
