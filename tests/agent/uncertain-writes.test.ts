import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runTurn } from "@/lib/agent/run-turn";
import { checkUncertainWrite, retryUncertainWrite } from "@/lib/agent/uncertain-writes";
import { armFault } from "@/lib/faults/manage-faults";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { callTool, createScriptedProvider, createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;

beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

async function uncertainSave(mode: "lost_ack" | "fail_before_commit" | "timeout") {
  await armFault({ store: database.store, userId, input: { target: "write", mode, count: 1 } });
  const provider = createScriptedProvider([callTool("save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } })]);
  const result = await runTurn({
    store: database.store,
    userId,
    message: "save",
    locale: "en",
    provider,
    today: "2026-11-30",
    faultsEnabled: true,
    toolTimeoutMs: 200,
  });
  return result.toolCalls[0]?.id as string;
}

const storedResolution = async (toolCallId: string) => (await database.store.inspection.toolCall({ id: toolCallId }))?.resolution;
const countRows = (table: "measurement" | "idempotency_record") => database.store.inspection.countRows({ table });

/** Runs the stored save again, with QA faults consulted (so an armed fault hits the re-run). */
const retry = (toolCallId: string) =>
  retryUncertainWrite({
    store: database.store,
    userId,
    toolCallId,
    locale: "en",
    traceId: "trc",
    timeoutMs: 5_000,
    faults: createStorageFaults({ store: database.store, userId, enabled: true }),
  });

/** Another change stores a different weight on the uncertain save's date, so re-running that save is a conflict. */
async function storeOtherWeight(weightKg: number) {
  const other = await saveMeasurement({
    store: database.store,
    userId,
    idempotencyKey: "other-change",
    input: { date: "2020-01-04", values: { weight_kg: weightKg } },
    traceId: "trc",
    locale: "en",
  });
  expect(other.status).toBe("executed");
}

describe("resolving an uncertain write by its key", () => {
  it("says saved after a lost acknowledgement, and a retry replays without a second change", async () => {
    const toolCallId = await uncertainSave("lost_ack");
    expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution: "saved" });
    const retry = await retryUncertainWrite({ store: database.store, userId, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000 });
    expect(retry?.status).toBe("replayed");
    expect(await countRows("measurement")).toBe(1);
    expect(await countRows("idempotency_record")).toBe(1);
    expect(await storedResolution(toolCallId)).toBe("saved");
  });

  it("a re-run without QA faults whose transaction cannot begin still finds the stored save first: saved, never not saved", async () => {
    const toolCallId = await uncertainSave("lost_ack");
    // The storage refuses to begin (SQLITE_BUSY): a transaction that never began never looked its key up.
    const busy = new Error("SQLITE_BUSY: database is locked");
    const store = {
      ...database.store,
      measurements: { ...database.store.measurements, saveIdempotent: async () => ({ status: "failed" as const, phase: "begin" as const, error: busy }) },
    };
    const result = await retryUncertainWrite({ store, userId, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000 });
    expect(result).toMatchObject({ status: "replayed", resolution: "saved" });
    expect(await storedResolution(toolCallId)).toBe("saved");
  });

  it("says not saved after a rolled-back write, and the retry with the same key saves exactly once", async () => {
    const toolCallId = await uncertainSave("fail_before_commit");
    expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution: "not_saved" });
    const first = await retryUncertainWrite({ store: database.store, userId, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000 });
    const second = await retryUncertainWrite({ store: database.store, userId, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000 });
    expect([first?.status, second?.status]).toEqual(["executed", "replayed"]);
    expect(second?.serialized).toBe(first?.serialized);
    expect(await countRows("measurement")).toBe(1);
  });

  it("re-runs a save of the person's today by their date, not the server's: run with their today, not found without", async () => {
    // A person whose today (2099-01-02, as the turn was told) is ahead of the server's date, as Auckland's is at 09:00.
    await armFault({ store: database.store, userId, input: { target: "write", mode: "fail_before_commit", count: 1 } });
    const provider = createScriptedProvider([callTool("save_measurement", { date: "2099-01-02", values: { weight_kg: 77.4 } })]);
    const turn = await runTurn({
      store: database.store,
      userId,
      message: "save",
      locale: "en",
      provider,
      today: "2099-01-02",
      faultsEnabled: true,
      toolTimeoutMs: 200,
    });
    const toolCallId = turn.toolCalls[0]?.id as string;
    expect(turn.toolCalls[0]).toMatchObject({ error: "write_failed" });
    expect(await retryUncertainWrite({ store: database.store, userId, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000 })).toBeUndefined();
    const saved = await retryUncertainWrite({ store: database.store, userId, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000, today: "2099-01-02" });
    expect(saved).toMatchObject({ status: "executed", resolution: "saved_now" });
    expect((await database.store.measurements.listAll({ userId })).map((row) => row.date)).toEqual(["2099-01-02"]);
  });

  it("does not reveal or touch another user's call", async () => {
    const toolCallId = await uncertainSave("fail_before_commit");
    const other = await createTestUser(database.store, { name: "Other" });
    expect(await checkUncertainWrite({ store: database.store, userId: other, toolCallId })).toBeUndefined();
    expect(await retryUncertainWrite({ store: database.store, userId: other, toolCallId, locale: "en", traceId: "trc", timeoutMs: 5_000 })).toBeUndefined();
    expect(await countRows("measurement")).toBe(0);
  });
});

describe("the resolution a re-run records is what the re-run found", () => {
  it("records refused, not saved, when the re-run ends in a conflict, and stores nothing", async () => {
    const toolCallId = await uncertainSave("fail_before_commit");
    expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution: "not_saved" });
    await storeOtherWeight(80);
    const result = await retry(toolCallId);
    expect(result?.status).toBe("executed");
    expect(result?.outcome.isError && result.outcome.content.error).toBe("conflict");
    expect(await storedResolution(toolCallId)).toBe("refused");
    expect(result?.resolution).toBe("refused");
    expect((await database.store.measurements.listAll({ userId })).map((row) => row.weightKg)).toEqual([80]);
    // A second re-run replays the recorded conflict: still refused, and the key look-up says so too.
    expect((await retry(toolCallId))?.status).toBe("replayed");
    expect(await storedResolution(toolCallId)).toBe("refused");
    expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution: "refused" });
  });

  it("says refused when the key look-up finds a conflict that committed before its acknowledgement was lost", async () => {
    await storeOtherWeight(80);
    const toolCallId = await uncertainSave("lost_ack");
    expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution: "refused" });
    expect(await storedResolution(toolCallId)).toBe("refused");
  });

  it("records not_saved when the re-run is rolled back (write_failed), and a later re-run still saves once", async () => {
    const toolCallId = await uncertainSave("timeout");
    expect(await storedResolution(toolCallId)).toBeNull();
    await armFault({ store: database.store, userId, input: { target: "write", mode: "fail_before_commit", count: 1 } });
    const failed = await retry(toolCallId);
    expect(failed?.status).toBe("write_failed");
    expect(await storedResolution(toolCallId)).toBe("not_saved");
    expect(failed?.resolution).toBe("not_saved");
    expect(await countRows("measurement")).toBe(0);
    expect((await retry(toolCallId))?.status).toBe("executed");
    expect(await storedResolution(toolCallId)).toBe("saved_now");
    expect(await countRows("measurement")).toBe(1);
  });

  it("clears not_saved when the re-run's own outcome is unknown (its acknowledgement lost), since it may have been stored", async () => {
    const toolCallId = await uncertainSave("fail_before_commit");
    expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution: "not_saved" });
    await armFault({ store: database.store, userId, input: { target: "write", mode: "lost_ack", count: 1 } });
    const unknown = await retry(toolCallId);
    expect(unknown?.status).toBe("outcome_unknown");
    expect(await storedResolution(toolCallId)).toBeNull();
    expect(unknown?.resolution).toBeNull();
    expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution: "saved" });
  });

  it("answers outcome_unknown at the tool deadline when the re-run hangs (a timeout fault), and clears not_saved", async () => {
    const toolCallId = await uncertainSave("fail_before_commit");
    expect(await checkUncertainWrite({ store: database.store, userId, toolCallId })).toEqual({ resolution: "not_saved" });
    // Armed until cleared: the re-run hangs before BEGIN, as the first save did.
    await armFault({ store: database.store, userId, input: { target: "write", mode: "timeout" } });
    const startedAt = performance.now();
    const hung = await retryUncertainWrite({
      store: database.store,
      userId,
      toolCallId,
      locale: "en",
      traceId: "trc_deadline",
      timeoutMs: 150,
      faults: createStorageFaults({ store: database.store, userId, enabled: true }),
    });
    const elapsedMs = performance.now() - startedAt;
    expect(elapsedMs).toBeLessThan(2_000);
    expect(hung?.status).toBe("deadline");
    const key = (await database.store.inspection.toolCall({ id: toolCallId }))?.idempotencyKey;
    expect(hung?.outcome).toEqual({
      isError: true,
      content: {
        version: 1,
        kind: "tool_error",
        is_error: true,
        error: "outcome_unknown",
        message: expect.stringContaining(key ?? "no key"),
        recoverable: false,
        recovery: "stop_turn",
        trace_id: "trc_deadline",
        details: { date: "2020-01-04", idempotency_key: key },
      },
    });
    expect(hung?.serialized).toBe(JSON.stringify(hung?.outcome.content));
    expect([hung?.resolution, await storedResolution(toolCallId)]).toEqual([null, null]);
    expect(await countRows("measurement")).toBe(0);
  });
});
