// Test fixtures for the agent: a real SQLite file per test (its users come from create-test-user.ts), and a scripted
// model provider.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSqliteStore, type SqliteStore } from "@/db/sqlite/create-sqlite-store";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";
import type { HistoryItem } from "@/lib/agent/history";
import type { GenerateOptions, ModelProvider, ModelRequest, ModelResponse } from "@/lib/agent/providers/types";

/** A connection with its store (the port, which the code under test is given) and its temporary directory. */
export type TestDatabase = DatabaseHandle & { store: SqliteStore; directory: string; close: () => void };

export function createTestDatabase(): TestDatabase {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-test-"));
  const handle = openDatabase(path.join(directory, "test.db"));
  return {
    ...handle,
    store: createSqliteStore(handle),
    directory,
    close: () => {
      handle.sqlite.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type ScriptStep = ModelResponse | Error | ((request: ModelRequest) => ModelResponse | Error);

/** A provider that answers from a script, one step per model request, and records every request it receives. */
export function createScriptedProvider(steps: ScriptStep[]): ModelProvider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    name: "offline",
    model: "scripted",
    requests,
    async generate(request: ModelRequest, options?: GenerateOptions) {
      requests.push({ ...request, history: structuredClone(request.history) });
      const step = steps[requests.length - 1];
      if (step === undefined) throw new Error(`script has no step ${requests.length}`);
      const value = typeof step === "function" ? step(request) : step;
      if (value instanceof Error) throw value;
      if (value.text) options?.onTextDelta?.(value.text);
      return value;
    },
  };
}

export function callTool(name: string, args: unknown, callId = `call_${name}_${crypto.randomUUID().slice(0, 8)}`): ModelResponse {
  return { text: "", toolCalls: [{ callId, name, arguments: typeof args === "string" ? args : JSON.stringify(args) }] };
}

export function answer(text: string): ModelResponse {
  return { text, toolCalls: [] };
}

export function lastToolResult(history: HistoryItem[]): Extract<HistoryItem, { type: "tool-result" }> {
  const item = [...history].reverse().find((entry) => entry.type === "tool-result");
  if (!item || item.type !== "tool-result") throw new Error("no tool result in history");
  return item;
}
