// Per QA write mode, what resolving the stopped save records is what happened to THAT save, and every surface reads
// the same: the stored column, the traces list, the trace (the API's turn view), the conversation and the chat's turn
// view. lost_ack: the first save went through ("saved"); timeout: not saved, then "saved_now" once the person saves;
// fail_before_commit: known not saved, "saved_now" once the person saves. Nothing is ever stored twice.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/run-turn";
import { checkUncertainWrite, retryUncertainWrite } from "@/lib/agent/uncertain-writes";
import { turnResolution, turnViewsFromConversation } from "@/lib/chat/turn-view";
import { getConversation } from "@/lib/conversations/read-conversations";
import { armFault } from "@/lib/faults/manage-faults";
import type { WriteResolution } from "@/lib/outcome/write-resolutions";
import { getTurnTrace, listTurns } from "@/lib/traces/read-traces";
import { callTool, createScriptedProvider, createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;
beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

async function stoppedSave(mode: "lost_ack" | "fail_before_commit" | "timeout") {
  await armFault({ store: database.store, userId, input: { target: "write", mode, count: 1 } });
  const provider = createScriptedProvider([callTool("save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } })]);
  const turn = await runTurn({
    store: database.store,
    userId,
    message: "save",
    locale: "en",
    provider,
    today: "2026-11-30",
    faultsEnabled: true,
    toolTimeoutMs: 200,
  });
  return { turnId: turn.turnId, conversationId: turn.conversationId, toolCallId: turn.toolCalls[0]?.id as string, error: turn.toolCalls[0]?.error };
}

const check = (toolCallId: string) => checkUncertainWrite({ store: database.store, userId, toolCallId });
const saveNow = (toolCallId: string) => retryUncertainWrite({ store: database.store, userId, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000 });

/** The resolution as each surface reads it: stored call, traces list, trace (the API's turn view), conversation, chat. */
async function everySurface(stopped: Awaited<ReturnType<typeof stoppedSave>>) {
  const stored = (await database.store.toolCalls.findOwnWriteCall({ userId, toolCallId: stopped.toolCallId }))?.resolution;
  const listed = (await listTurns({ store: database.store, userId })).find((entry) => entry.id === stopped.turnId);
  const trace = await getTurnTrace({ store: database.store, userId, turnId: stopped.turnId });
  const detail = await getConversation({ store: database.store, userId, conversationId: stopped.conversationId });
  const view = detail ? turnViewsFromConversation(detail).find((entry) => entry.turnId === stopped.turnId) : undefined;
  return {
    storedCall: stored ?? null,
    traceCall: trace?.toolCalls[0]?.resolution ?? null,
    chatCall: view?.toolCalls[0]?.resolution ?? null,
    tracesList: listed?.resolution ?? null,
    traceTurn: trace?.resolution ?? null,
    conversationTurn: detail?.turns[0]?.resolution ?? null,
    chatTurn: view ? turnResolution(view) : null,
  };
}

function agreeOn(resolution: WriteResolution | null) {
  return {
    storedCall: resolution,
    traceCall: resolution,
    chatCall: resolution,
    tracesList: resolution,
    traceTurn: resolution,
    conversationTurn: resolution,
    chatTurn: resolution,
  };
}

const storedRecords = async () => (await database.store.measurements.listAll({ userId })).length;

describe("every surface tells what happened to that write, per QA mode", () => {
  it("lost_ack: the check finds the first save stored under its key: saved, never saved_now, and Save it now only replays it", async () => {
    const stopped = await stoppedSave("lost_ack");
    expect(stopped.error).toBe("outcome_unknown");
    expect(await everySurface(stopped)).toEqual(agreeOn(null));
    expect(await check(stopped.toolCallId)).toEqual({ resolution: "saved" });
    expect(await everySurface(stopped)).toEqual(agreeOn("saved"));
    // A stale tab that still offers Save it now: the key replays the first save; it is still the first save's.
    expect(await saveNow(stopped.toolCallId)).toMatchObject({ status: "replayed", resolution: "saved" });
    expect(await everySurface(stopped)).toEqual(agreeOn("saved"));
    expect(await storedRecords()).toBe(1);
  });

  it("timeout: the check finds nothing (not_saved); Save it now runs a new save (saved_now), which a later check keeps", async () => {
    const stopped = await stoppedSave("timeout");
    expect(stopped.error).toBe("outcome_unknown");
    expect(await check(stopped.toolCallId)).toEqual({ resolution: "not_saved" });
    expect(await everySurface(stopped)).toEqual(agreeOn("not_saved"));
    expect(await storedRecords()).toBe(0);
    expect(await saveNow(stopped.toolCallId)).toMatchObject({ status: "executed", resolution: "saved_now" });
    expect(await everySurface(stopped)).toEqual(agreeOn("saved_now"));
    // Looking the key up again (another tab) finds the person's save, not a first save that went through.
    expect(await check(stopped.toolCallId)).toEqual({ resolution: "saved_now" });
    expect(await saveNow(stopped.toolCallId)).toMatchObject({ status: "replayed", resolution: "saved_now" });
    expect(await everySurface(stopped)).toEqual(agreeOn("saved_now"));
    expect(await storedRecords()).toBe(1);
  });

  it("fail_before_commit: unresolved until the person acts; Save it now stores it once (saved_now)", async () => {
    const stopped = await stoppedSave("fail_before_commit");
    expect(stopped.error).toBe("write_failed");
    expect(await everySurface(stopped)).toEqual(agreeOn(null));
    expect(await storedRecords()).toBe(0);
    expect(await saveNow(stopped.toolCallId)).toMatchObject({ status: "executed", resolution: "saved_now" });
    expect(await everySurface(stopped)).toEqual(agreeOn("saved_now"));
    expect(await storedRecords()).toBe(1);
  });
});
