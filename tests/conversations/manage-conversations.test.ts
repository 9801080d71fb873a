import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteConversation, normalizeConversationTitle, renameConversation } from "@/lib/conversations/manage-conversations";
import { getConversation, listConversations } from "@/lib/conversations/read-conversations";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";
import { createTestUser } from "../support/create-test-user";
import { storeConversation } from "../support/conversation-rows";

let database: OpenedStore;
let owner: string;
let other: string;

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    owner = await createTestUser(database.store);
    other = await createTestUser(database.store, { name: "Other" });
    const at = new Date(1_700_000_000_000);
    await storeConversation(database.store, {
      id: "conv-1",
      userId: owner,
      title: "Weight in January",
      at,
      messages: [{ id: "msg-1", seq: 1, role: "user", content: "hi", author: "user" }],
    });
  });
  afterEach(() => database.close());

  describe("renameConversation", () => {
    it("renames the owner's conversation without changing when it was last updated", async () => {
      const before = (await listConversations({ store: database.store, userId: owner }))[0];
      expect(await renameConversation({ store: database.store, userId: owner, conversationId: "conv-1", title: "  Cutting   phase " })).toBe(true);
      const after = (await listConversations({ store: database.store, userId: owner }))[0];
      expect(after).toEqual({ ...before, title: "Cutting phase" });
    });

    it("refuses another user's conversation and an empty title, changing nothing", async () => {
      expect(await renameConversation({ store: database.store, userId: other, conversationId: "conv-1", title: "Mine now" })).toBe(false);
      expect(await renameConversation({ store: database.store, userId: owner, conversationId: "conv-1", title: "   " })).toBe(false);
      expect((await listConversations({ store: database.store, userId: owner }))[0]?.title).toBe("Weight in January");
    });

    it("cuts a long title by characters, never inside an emoji", async () => {
      const title = `${"a".repeat(79)}💪💪`;
      expect(normalizeConversationTitle(title)).toBe(`${"a".repeat(79)}💪`);
    });
  });

  describe("deleteConversation", () => {
    it("deletes the owner's conversation with its turns and messages", async () => {
      expect(await deleteConversation({ store: database.store, userId: owner, conversationId: "conv-1" })).toBe(true);
      expect(await getConversation({ store: database.store, userId: owner, conversationId: "conv-1" })).toBeUndefined();
      expect(await database.store.inspection.countRows({ table: "turn" })).toBe(0);
      expect(await database.store.inspection.countRows({ table: "message" })).toBe(0);
    });

    it("leaves another user's conversation alone", async () => {
      expect(await deleteConversation({ store: database.store, userId: other, conversationId: "conv-1" })).toBe(false);
      expect((await getConversation({ store: database.store, userId: owner, conversationId: "conv-1" }))?.messages).toHaveLength(1);
    });
  });
});
