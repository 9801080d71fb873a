// The chat's per-user quota counted by the turn's own commits: enforced and counted exactly (also for turns started at
// once), and a chat turn with a write still makes at most 2 commits, a turn without one 1 (counted in the WAL).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runChatTurn } from "@/lib/chat/run-chat-turn";
import { resetEnvForTests } from "@/lib/env";
import { setStore } from "@/lib/scope/get-store";
import { countWalCommits } from "@/scripts/bench/count-wal-commits";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

const LIMIT = 3;
const saved = { ...process.env };
let database: TemporaryDatabase;
let userId: string;

beforeEach(async () => {
  database = openTemporaryDatabase("palestra-chat-quota-");
  userId = await createTestUser(database.store);
  setStore(database.store);
  Object.assign(process.env, { PALESTRA_CHAT_TURNS_PER_MINUTE: String(LIMIT), COACH_PROVIDER: "offline" });
  resetEnvForTests();
});

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  setStore(undefined);
  database.remove();
});

let day = 0;
/** A turn that saves a new record (a write), or one that only answers. */
const saveTurn = () => runChatTurn({ userId, message: `Save weight 77.${day} kg for 2026-01-${String(++day).padStart(2, "0")}`, locale: "en" });
const readTurn = () => runChatTurn({ userId, message: "hello", locale: "en" });

/** The uses counted in the current window, read through the port: admitted with a limit never reached, then released. */
async function storedCount(): Promise<number> {
  const limit = 1_000_000;
  const admission = await database.store.quotas.admit({ key: `chat:${userId}`, limit, windowMs: 60_000, now: Date.now() });
  if (!admission.allowed) throw new Error("unreachable");
  await database.store.quotas.release(admission.use);
  return limit - admission.remaining - 1;
}

/** Avoids a window boundary between the turns of one case (the window is the calendar minute). */
async function earlyInWindow(): Promise<void> {
  const into = Date.now() % 60_000;
  if (into > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 50));
}

describe("the chat quota counted by the turn's first commit", () => {
  it("allows the limit, refuses the next turn, and counts each allowed turn exactly once", async () => {
    await earlyInWindow();
    const first = await saveTurn();
    expect(first.ok && first.result.toolCalls.map((call) => call.status)).toEqual(["ok"]);
    expect(await storedCount()).toBe(1);
    expect((await readTurn()).ok).toBe(true);
    expect((await saveTurn()).ok).toBe(true);
    expect(await storedCount()).toBe(LIMIT);
    const refused = await readTurn();
    expect(refused).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(await storedCount()).toBe(LIMIT);
  });

  it("admits exactly the limit of turns started at once", async () => {
    await earlyInWindow();
    const turns = await Promise.all([saveTurn(), readTurn(), saveTurn(), readTurn(), saveTurn()]);
    expect(turns.filter((turn) => turn.ok)).toHaveLength(LIMIT);
    expect(turns.filter((turn) => !turn.ok)).toHaveLength(5 - LIMIT);
    expect(await storedCount()).toBe(LIMIT);
  });

  it("does not count a turn that stopped before any commit (an unknown conversation)", async () => {
    await earlyInWindow();
    await expect(runChatTurn({ userId, conversationId: "nobody's", message: "hello", locale: "en" })).rejects.toThrow("conversation not found");
    expect(await storedCount()).toBe(0);
    for (let turn = 0; turn < LIMIT; turn += 1) expect((await readTurn()).ok).toBe(true);
  });

  it("makes 2 commits for a turn with a write and 1 for a turn without, the quota's count included", async () => {
    await earlyInWindow();
    const { sqlite, path } = database.handle;
    expect(await countWalCommits({ sqlite, path, work: saveTurn })).toBe(2);
    expect(await countWalCommits({ sqlite, path, work: readTurn })).toBe(1);
    expect(await storedCount()).toBe(2);
  });
});
