// The store contract for MCP traces, written against the port only: recorded as given, newest first, owner only.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { McpToolCallRow } from "@/lib/store/records";
import { at } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

function mcpCall(options: { id: string; userId: string; startedAt: Date; isError?: boolean }): McpToolCallRow {
  const isError = options.isError ?? false;
  return {
    id: options.id,
    userId: options.userId,
    traceId: `trc_${options.id}`,
    apiKeyId: "key-1",
    client: "Claude-Desktop/1.0",
    name: "read_measurement",
    arguments: '{"date":"2026-03-04"}',
    idempotencyKey: null,
    status: isError ? "error" : "ok",
    isError,
    errorCode: isError ? "not_found" : null,
    recovery: isError ? "choose_alternative" : null,
    outcome: isError ? '{"kind":"tool_error"}' : '{"date":"2026-03-04"}',
    attempts: 1,
    latencyMs: 1.5,
    startedAt: options.startedAt,
    finishedAt: new Date(options.startedAt.getTime() + 2),
  };
}

describe.each(storeAdapters)("the $name store: MCP tool calls", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("alice");
    await opened.createUser("bob");
  });
  afterEach(() => opened.close());

  it("returns a recorded call as it was given, the user's calls newest first, and never another user's", async () => {
    const first = mcpCall({ id: "c1", userId: "alice", startedAt: at(0) });
    const second = mcpCall({ id: "c2", userId: "alice", startedAt: at(1_000), isError: true });
    await opened.store.mcpToolCalls.record(first);
    await opened.store.mcpToolCalls.record(second);
    await opened.store.mcpToolCalls.record(mcpCall({ id: "c3", userId: "bob", startedAt: at(2_000) }));

    expect(await opened.store.mcpToolCalls.list({ userId: "alice", limit: 10 })).toEqual([second, first]);
    expect(await opened.store.mcpToolCalls.list({ userId: "alice", limit: 1 })).toEqual([second]);
    expect(await opened.store.mcpToolCalls.find({ userId: "alice", id: "c1" })).toEqual(first);
    expect(await opened.store.mcpToolCalls.find({ userId: "alice", id: "c3" })).toBeUndefined();
    expect((await opened.store.accounts.exportData({ userId: "alice" })).mcpToolCalls).toEqual([first, second]);
  });

  it("deletes a user's calls with the user", async () => {
    await opened.store.mcpToolCalls.record(mcpCall({ id: "c1", userId: "alice", startedAt: at(0) }));
    await opened.store.accounts.deleteUser({ userId: "alice", quotaKeys: [] });
    expect(await opened.store.mcpToolCalls.find({ userId: "alice", id: "c1" })).toBeUndefined();
    expect(await opened.store.mcpToolCalls.list({ userId: "alice", limit: 10 })).toEqual([]);
  });

  it("exports a user's calls oldest first with their data, and none of another user's", async () => {
    const later = mcpCall({ id: "c2", userId: "alice", startedAt: at(5), isError: true });
    const earlier = mcpCall({ id: "c1", userId: "alice", startedAt: at(1) });
    await opened.store.mcpToolCalls.record(later);
    await opened.store.mcpToolCalls.record(earlier);
    await opened.store.mcpToolCalls.record(mcpCall({ id: "c3", userId: "bob", startedAt: at(2) }));
    expect((await opened.store.accounts.exportData({ userId: "alice" })).mcpToolCalls).toEqual([earlier, later]);
  });
});
