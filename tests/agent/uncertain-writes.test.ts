import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { idempotencyRecord, measurement, toolCall } from "@/db/schema";
import { runTurn } from "@/lib/agent/run-turn";
import { checkUncertainWrite, retryUncertainWrite } from "@/lib/agent/uncertain-writes";
import { armFault } from "@/lib/faults/manage-faults";
import { callTool, createScriptedProvider, createTestDatabase, createTestUser, type TestDatabase } from "../support/agent-fixtures";

let database: TestDatabase;
let userId: string;

beforeEach(() => {
  database = createTestDatabase();
  userId = createTestUser(database);
});
afterEach(() => database.close());

async function uncertainSave(mode: "lost_ack" | "fail_before_commit") {
  armFault({ db: database.db, userId, input: { target: "write", mode, count: 1 } });
  const provider = createScriptedProvider([callTool("save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } })]);
  const result = await runTurn({ handle: database, userId, message: "save", locale: "en", provider, today: "2026-11-30", faultsEnabled: true });
  return result.toolCalls[0]?.id as string;
}

describe("resolving an uncertain write by its key", () => {
  it("says saved after a lost acknowledgement, and a retry replays without a second change", async () => {
    const toolCallId = await uncertainSave("lost_ack");
    expect(checkUncertainWrite({ handle: database, userId, toolCallId })).toEqual({ resolution: "saved" });
    const retry = await retryUncertainWrite({ handle: database, userId, toolCallId, locale: "en", traceId: "trc" });
    expect(retry?.status).toBe("replayed");
    expect(database.db.select().from(measurement).all()).toHaveLength(1);
    expect(database.db.select().from(idempotencyRecord).all()).toHaveLength(1);
    expect(database.db.select().from(toolCall).where(eq(toolCall.id, toolCallId)).get()?.resolution).toBe("saved");
  });

  it("says not saved after a rolled-back write, and the retry with the same key saves exactly once", async () => {
    const toolCallId = await uncertainSave("fail_before_commit");
    expect(checkUncertainWrite({ handle: database, userId, toolCallId })).toEqual({ resolution: "not_saved" });
    const first = await retryUncertainWrite({ handle: database, userId, toolCallId, locale: "en", traceId: "trc" });
    const second = await retryUncertainWrite({ handle: database, userId, toolCallId, locale: "en", traceId: "trc" });
    expect([first?.status, second?.status]).toEqual(["executed", "replayed"]);
    expect(second?.serialized).toBe(first?.serialized);
    expect(database.db.select().from(measurement).all()).toHaveLength(1);
  });

  it("does not reveal or touch another user's call", async () => {
    const toolCallId = await uncertainSave("fail_before_commit");
    const other = createTestUser(database, "Other");
    expect(checkUncertainWrite({ handle: database, userId: other, toolCallId })).toBeUndefined();
    expect(await retryUncertainWrite({ handle: database, userId: other, toolCallId, locale: "en", traceId: "trc" })).toBeUndefined();
    expect(database.db.select().from(measurement).all()).toHaveLength(0);
  });
});
