import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/run-turn";
import type { TurnEvent } from "@/lib/agent/turn-events";
import { armFault } from "@/lib/faults/manage-faults";
import { createScriptedProvider, createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;

beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

const saveArguments = JSON.stringify({ date: "2020-01-04", values: { weight_kg: 77.4 } });
const readArguments = JSON.stringify({ date: "2020-01-01" });

/** One model response asking for a save and then a read; the events the turn emitted, and its stored calls. */
async function saveThenRead(options: { maxRounds?: number } = {}) {
  const events: TurnEvent[] = [];
  const provider = createScriptedProvider([
    {
      text: "",
      toolCalls: [
        { callId: "call_save_1", name: "save_measurement", arguments: saveArguments },
        { callId: "call_read_1", name: "read_measurement", arguments: readArguments },
      ],
    },
  ]);
  const result = await runTurn({
    store: database.store,
    userId,
    message: "save and read",
    locale: "en",
    provider,
    today: "2026-11-30",
    faultsEnabled: true,
    maxRounds: options.maxRounds,
    onEvent: (event) => events.push(event),
  });
  const stored = await database.store.inspection.toolCallsOfTurn({ turnId: result.turnId });
  return { result, events, stored };
}

describe("skipped tool calls are streamed as they are stored", () => {
  it("emits tool-call-skipped for the read after a save whose outcome is unknown, with the stored call's fields, in order", async () => {
    await armFault({ store: database.store, userId, input: { target: "write", mode: "lost_ack", count: 1 } });
    const { result, events, stored } = await saveThenRead();
    expect(result.outcome).toBe("stopped_outcome_unknown");
    expect(events.map((event) => event.type)).toEqual([
      "turn-start",
      "model-request-start",
      "model-request-end",
      "tool-call-start",
      "tool-call-end",
      "tool-call-skipped",
      "text-delta",
      "turn-end",
    ]);
    const [save, read] = stored;
    expect(save).toMatchObject({ name: "save_measurement", status: "error", errorCode: "outcome_unknown" });
    expect(read).toMatchObject({ name: "read_measurement", status: "skipped", outcome: null, isError: null, attempts: 0 });
    const skipped = events.find((event) => event.type === "tool-call-skipped");
    expect(skipped).toStrictEqual({
      type: "tool-call-skipped",
      toolCallId: read?.id,
      callId: "call_read_1",
      name: "read_measurement",
      arguments: readArguments,
      reason: "turn_stopped",
      idempotencyKey: undefined,
    });
    // The trace stores it too, in the same place, with the QA fault the save met (a trace-only event) right after its start.
    const traced = await database.store.inspection.traceEventsOfTurn({ turnId: result.turnId });
    expect(traced.map((event) => event.type)).toEqual([
      "turn-start",
      "model-request-start",
      "model-request-end",
      "tool-call-start",
      "fault-injected",
      "tool-call-end",
      "tool-call-skipped",
      "turn-end",
    ]);
    expect(JSON.parse(traced.find((event) => event.type === "tool-call-skipped")?.data ?? "{}")).toEqual({
      type: "tool-call-skipped",
      toolCallId: read?.id,
      callId: "call_read_1",
      name: "read_measurement",
      arguments: readArguments,
      reason: "turn_stopped",
    });
  });

  it("emits tool-call-skipped with round_limit, and the save's stored idempotency key, for calls of the last round", async () => {
    const { result, events, stored } = await saveThenRead({ maxRounds: 1 });
    expect(result.outcome).toBe("round_limit");
    expect(events.filter((event) => event.type.startsWith("tool-call-"))).toStrictEqual(
      stored.map((call) => ({
        type: "tool-call-skipped",
        toolCallId: call.id,
        callId: call.callId,
        name: call.name,
        arguments: call.arguments,
        reason: "round_limit",
        idempotencyKey: call.idempotencyKey ?? undefined,
      })),
    );
    expect(stored.map((call) => [call.name, call.status, call.idempotencyKey?.startsWith("tc_") ?? null])).toEqual([
      ["save_measurement", "skipped", true],
      ["read_measurement", "skipped", null],
    ]);
  });
});
