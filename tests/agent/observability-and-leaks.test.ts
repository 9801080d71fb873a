import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ModelRequest } from "@/lib/agent/providers/types";
import { runTurn } from "@/lib/agent/run-turn";
import { toolsByName } from "@/lib/agent/tools/index";
import type { ToolDefinition } from "@/lib/agent/tools/tool-definition";
import { armFault } from "@/lib/faults/manage-faults";
import type { FaultMode } from "@/lib/faults/fault-modes";
import { getMetrics } from "@/lib/observability/metrics";
import { answer, callTool, createScriptedProvider, createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;
beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

async function counterValues(): Promise<Map<string, number>> {
  const metric = await getMetrics().toolResults.get();
  return new Map(metric.values.map((value) => [`${value.labels.tool}|${value.labels.status}|${value.labels.error}`, value.value]));
}

/** Every QA fault mode (lib/faults/fault-modes.ts) on its targets, plus the exception boundary. */
const scenarios: { mode?: FaultMode; target?: "read" | "write"; call: ReturnType<typeof callTool> }[] = [
  { mode: "transient", target: "read", call: callTool("read_measurement", { date: "2020-01-01" }) },
  { mode: "unavailable", target: "read", call: callTool("read_measurement", { date: "2020-01-02" }) },
  { mode: "unavailable", target: "read", call: callTool("list_measurements", { from: "2020-01-01", to: "2020-01-31" }) },
  { mode: "fail_before_commit", target: "write", call: callTool("save_measurement", { date: "2020-01-03", values: { weight_kg: 77 } }) },
  { mode: "lost_ack", target: "write", call: callTool("save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } }) },
  { mode: "slow", target: "write", call: callTool("save_measurement", { date: "2020-01-05", values: { weight_kg: 77.4 } }) },
  { call: callTool("read_measurement", { date: "4th of March" }) },
  { call: callTool("save_measurement", { date: "2020-01-05", values: { weight_kg: 80 } }) },
  { call: callTool("list_measurements", { from: "2010-01-01", to: "2020-01-01" }) },
];

describe("observability and leaks across the fault modes", () => {
  it("counts, traces and stores the same status and code for every outcome, and leaks nothing internal to the model", async () => {
    const before = await counterValues();
    const requests: ModelRequest[] = [];
    const replies: string[] = [];
    for (const scenario of scenarios) {
      if (scenario.mode && scenario.target)
        await armFault({ store: database.store, userId, input: { target: scenario.target, mode: scenario.mode, count: 3 } });
      const provider = createScriptedProvider([scenario.call, answer("done")]);
      const result = await runTurn({ store: database.store, userId, message: "go", locale: "en", provider, today: "2026-11-30", faultsEnabled: true });
      requests.push(...provider.requests);
      replies.push(result.reply);
      await database.store.faults.clear({ userId });
    }
    // An unexpected exception with internal details in its text, and a write that passes its deadline.
    const registry = new Map(toolsByName);
    const read = toolsByName.get("read_measurement") as ToolDefinition;
    registry.set("read_measurement", {
      ...read,
      run: async () => {
        throw Object.assign(new Error("SQLITE_CORRUPT: database disk image is malformed at /var/lib/palestra/data.db (host db-1.internal)"), {
          code: "SQLITE_CORRUPT",
        });
      },
    });
    const crashing = createScriptedProvider([callTool("read_measurement", { date: "2020-01-01" }), answer("done")]);
    replies.push((await runTurn({ store: database.store, userId, message: "go", locale: "en", provider: crashing, today: "2026-11-30", registry })).reply);
    requests.push(...crashing.requests);
    await armFault({ store: database.store, userId, input: { target: "write", mode: "timeout", count: 1 } });
    const hanging = createScriptedProvider([callTool("save_measurement", { date: "2020-01-06", values: { weight_kg: 77 } })]);
    replies.push(
      (
        await runTurn({
          store: database.store,
          userId,
          message: "go",
          locale: "en",
          provider: hanging,
          today: "2026-11-30",
          faultsEnabled: true,
          toolTimeoutMs: 200,
        })
      ).reply,
    );
    requests.push(...hanging.requests);

    const turnIds = (await database.store.turns.list({ userId, limit: 100 })).map((turn) => turn.id);
    const rows = (await Promise.all(turnIds.map((turnId) => database.store.inspection.toolCallsOfTurn({ turnId })))).flat();
    const expected = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.name}|${row.isError ? "error" : "ok"}|${row.errorCode ?? ""}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const after = await counterValues();
    for (const [key, count] of expected) expect(`${key}=${(after.get(key) ?? 0) - (before.get(key) ?? 0)}`).toBe(`${key}=${count}`);
    expect([...expected.keys()].filter((key) => key.includes("|error|")).sort()).toEqual(
      [
        "list_measurements|error|range_too_large",
        "list_measurements|error|unavailable",
        "read_measurement|error|bad_arguments",
        "read_measurement|error|internal",
        "read_measurement|error|unavailable",
        "save_measurement|error|conflict",
        "save_measurement|error|outcome_unknown",
        "save_measurement|error|write_failed",
      ].sort(),
    );

    for (const row of rows) {
      const ends = (await database.store.inspection.traceEventsOfTurn({ turnId: row.turnId }))
        .filter((event) => event.type === "tool-call-end")
        .map((event) => JSON.parse(event.data));
      const end = ends.find((event) => event.toolCallId === row.id);
      expect(end).toMatchObject({ isError: row.isError, status: row.status, outcome: row.outcome });
      if (row.isError) expect(end.error).toBe(row.errorCode);
    }

    const received = [...requests.flatMap((request) => request.history.map((item) => JSON.stringify(item))), ...replies].join("\n");
    expect(received).not.toMatch(/\n\s+at |\bat .+:\d+:\d+/);
    expect(received).not.toMatch(/SQLITE_|SqliteError|TypeError|TransientStorageError|InjectedWriteError|LostAcknowledgementError|ToolDeadlineError/);
    expect(received).not.toMatch(/\/var\/lib|\/work\/|node_modules|\.ts\b|db-1\.internal|disk image/);
    expect(received).not.toContain(process.env.HOME ?? "/root");
  });
});
