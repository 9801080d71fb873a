import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listConversationPage } from "@/lib/conversations/list-conversation-page";
import { listConversations } from "@/lib/conversations/read-conversations";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";
import { createTestUser } from "../support/create-test-user";
import { storeConversation } from "../support/conversation-rows";

let database: OpenedStore;
let userId: string;

/** Stores conversations with the given update times (ms), ids conv-0, conv-1, ... in order. */
async function storeConversations(updatedAtMs: number[], owner = userId, prefix = "conv"): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, ms] of updatedAtMs.entries()) {
    const id = `${prefix}-${index}`;
    await storeConversation(database.store, { id, userId: owner, title: id, at: new Date(ms) });
    ids.push(id);
  }
  return ids;
}

/** Follows nextBefore / nextBeforeId as a client would, and returns every id in the order the pages gave them. */
async function pageThrough(limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: { before?: string; beforeId?: string } = {};
  for (let pages = 1; pages <= 100; pages += 1) {
    const page = await listConversationPage({ store: database.store, userId, limit, ...cursor });
    ids.push(...page.conversations.map((entry) => entry.id));
    if (page.nextBefore === null) {
      expect(page.nextBeforeId).toBeNull();
      return { ids, pages };
    }
    cursor = { before: page.nextBefore, beforeId: page.nextBeforeId ?? undefined };
  }
  throw new Error("paging did not end");
}

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    userId = await createTestUser(database.store);
  });
  afterEach(() => database.close());

  describe("paging conversations with the (updatedAt, id) cursor", () => {
    const SAME_INSTANT = Date.parse("2026-03-04T10:00:00.123Z");
    const N = 5;

    it.each(Array.from({ length: N - 1 }, (_, index) => index + 1))(
      "returns each of %i-per-page conversations sharing one updatedAt exactly once",
      async (limit) => {
        const ids = await storeConversations(Array.from({ length: N }, () => SAME_INSTANT));
        const result = await pageThrough(limit);
        expect(result.ids).toEqual([...ids].reverse());
        expect(new Set(result.ids).size).toBe(N);
        expect(result.pages).toBe(Math.ceil(N / limit));
      },
    );

    it("orders by updatedAt, then id, across ties and distinct instants, and never shows another user's", async () => {
      const other = await createTestUser(database.store, { name: "Other" });
      await storeConversations([SAME_INSTANT, SAME_INSTANT, SAME_INSTANT], other, "other");
      await storeConversations([SAME_INSTANT - 1, SAME_INSTANT, SAME_INSTANT, SAME_INSTANT + 1, SAME_INSTANT, SAME_INSTANT - 1]);
      const expected = ["conv-3", "conv-4", "conv-2", "conv-1", "conv-5", "conv-0"];
      expect((await listConversations({ store: database.store, userId })).map((entry) => entry.id)).toEqual(expected);
      for (const limit of [1, 2, 3, 4, 5]) expect((await pageThrough(limit)).ids).toEqual(expected);
    });

    it("gives the last item's updatedAt and id as the next cursor, and nulls on a short page", async () => {
      await storeConversations([SAME_INSTANT, SAME_INSTANT, SAME_INSTANT]);
      const first = await listConversationPage({ store: database.store, userId, limit: 2 });
      expect(first).toEqual({
        conversations: [expect.objectContaining({ id: "conv-2" }), expect.objectContaining({ id: "conv-1" })],
        nextBefore: new Date(SAME_INSTANT).toISOString(),
        nextBeforeId: "conv-1",
      });
      const second = await listConversationPage({
        store: database.store,
        userId,
        limit: 2,
        before: first.nextBefore ?? "",
        beforeId: first.nextBeforeId ?? "",
      });
      expect(second).toEqual({ conversations: [expect.objectContaining({ id: "conv-0" })], nextBefore: null, nextBeforeId: null });
    });

    it("gives no cursor when the last page is exactly full, so no request ends in an empty page", async () => {
      await storeConversations([SAME_INSTANT - 2, SAME_INSTANT - 1, SAME_INSTANT]);
      expect(await listConversationPage({ store: database.store, userId, limit: 3 })).toEqual({
        conversations: [expect.objectContaining({ id: "conv-2" }), expect.objectContaining({ id: "conv-1" }), expect.objectContaining({ id: "conv-0" })],
        nextBefore: null,
        nextBeforeId: null,
      });
    });

    it("gives the cursor when one more conversation than the page holds remains, and that one alone on the next page", async () => {
      await storeConversations([SAME_INSTANT - 3, SAME_INSTANT - 2, SAME_INSTANT - 1, SAME_INSTANT]);
      const first = await listConversationPage({ store: database.store, userId, limit: 3 });
      expect(first).toEqual({
        conversations: [expect.objectContaining({ id: "conv-3" }), expect.objectContaining({ id: "conv-2" }), expect.objectContaining({ id: "conv-1" })],
        nextBefore: new Date(SAME_INSTANT - 2).toISOString(),
        nextBeforeId: "conv-1",
      });
      const second = await listConversationPage({
        store: database.store,
        userId,
        limit: 3,
        before: first.nextBefore ?? "",
        beforeId: first.nextBeforeId ?? "",
      });
      expect(second).toEqual({ conversations: [expect.objectContaining({ id: "conv-0" })], nextBefore: null, nextBeforeId: null });
    });

    it("reads one row ahead even at the largest page size: 100 of 100 is the last page, 100 of 101 is not", async () => {
      await storeConversations(Array.from({ length: 100 }, (_, index) => SAME_INSTANT + index));
      const whole = await listConversationPage({ store: database.store, userId, limit: 100 });
      expect(whole.conversations).toHaveLength(100);
      expect([whole.nextBefore, whole.nextBeforeId]).toEqual([null, null]);
      await storeConversations([SAME_INSTANT - 1], userId, "older");
      const first = await listConversationPage({ store: database.store, userId, limit: 100 });
      expect(first.conversations).toHaveLength(100);
      expect([first.nextBefore, first.nextBeforeId]).toEqual([new Date(SAME_INSTANT).toISOString(), "conv-0"]);
      const second = await listConversationPage({
        store: database.store,
        userId,
        limit: 100,
        before: first.nextBefore ?? "",
        beforeId: first.nextBeforeId ?? "",
      });
      expect(second).toEqual({ conversations: [expect.objectContaining({ id: "older-0" })], nextBefore: null, nextBeforeId: null });
    });

    it("keeps the older cursor: before alone returns only conversations updated strictly earlier", async () => {
      await storeConversations([SAME_INSTANT - 5, SAME_INSTANT, SAME_INSTANT]);
      const page = await listConversations({ store: database.store, userId, before: new Date(SAME_INSTANT).toISOString() });
      expect(page.map((entry) => entry.id)).toEqual(["conv-0"]);
    });
  });
});
