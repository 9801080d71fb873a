// The store contract for conversations, turns, tool calls and traces, written against the port only.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { at, turnRows, writeCall } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

describe.each(storeAdapters)("the $name store: conversations, turns and traces", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
    await opened.createUser("u2");
  });
  afterEach(() => opened.close());

  it("writes a turn's rows and reads them back as the conversation, its history and its trace", async () => {
    const call = { ...writeCall({ userId: "u1", turnId: "t1", id: "tc1", key: "k1" }), status: "ok" as const, isError: false, outcome: "{}", attempts: 1 };
    await opened.store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c1", turnId: "t1", toolCalls: [call] }));
    expect(await opened.store.conversations.isOwnedBy({ userId: "u1", conversationId: "c1" })).toBe(true);
    expect(await opened.store.conversations.isOwnedBy({ userId: "u2", conversationId: "c1" })).toBe(false);
    const detail = await opened.store.conversations.get({ userId: "u1", conversationId: "c1" });
    expect(detail).toMatchObject({ id: "c1", title: "Title c1", turns: [{ id: "t1", outcome: null, provider: "offline", modelRequests: 1 }] });
    expect(detail?.messages.map((message) => [message.role, message.author, message.toolCalls.length])).toEqual([
      ["user", "user", 0],
      ["assistant", "model", 1],
    ]);
    const history = await opened.store.conversations.history({ conversationId: "c1" });
    expect(history.messages.map((message) => message.seq)).toEqual([0, 1]);
    expect(history.toolCalls).toMatchObject([{ id: "tc1", callId: "call_tc1", isError: false, outcome: "{}", status: "ok" }]);
    expect(await opened.store.conversations.nextMessageSeq({ conversationId: "c1" })).toBe(2);
    expect(await opened.store.conversations.nextMessageSeq({ conversationId: "none" })).toBe(0);
    const trace = await opened.store.turns.getTrace({ userId: "u1", turnId: "t1" });
    expect(trace).toMatchObject({
      id: "t1",
      traceId: "trc_t1",
      events: [{ seq: 0, type: "turn-start", data: { type: "turn-start" } }],
      toolCalls: [{ id: "tc1" }],
    });
    expect(await opened.store.turns.getTrace({ userId: "u2", turnId: "t1" })).toBeUndefined();
    expect(await opened.store.conversations.get({ userId: "u2", conversationId: "c1" })).toBeUndefined();
  });

  it("upserts on a second write: the turn's end and the call's outcome follow, its start and absent columns stay", async () => {
    const first = turnRows({ userId: "u1", conversationId: "c1", turnId: "t1", toolCalls: [writeCall({ userId: "u1", turnId: "t1", id: "tc1", key: "k1" })] });
    await opened.store.turns.writeRows(first);
    await opened.store.toolCalls.setResolution({ toolCallId: "tc1", resolution: "saved" });
    await opened.store.turns.writeRows({
      ...first,
      conversation: { ...first.conversation, title: "ignored", updatedAt: at(5_000) },
      turn: { ...first.turn, outcome: "answered", modelRequests: 2, endedAt: at(6_000), startedAt: at(9_999) },
      toolCalls: [
        {
          ...writeCall({ userId: "u1", turnId: "t1", id: "tc1", key: "k1" }),
          status: "error",
          isError: true,
          errorCode: "outcome_unknown",
          outcome: '{"x":1}',
        },
      ],
    });
    const detail = await opened.store.conversations.get({ userId: "u1", conversationId: "c1" });
    expect(detail).toMatchObject({
      title: "Title c1",
      updatedAt: at(5_000).toISOString(),
      turns: [{ outcome: "answered", modelRequests: 2, startedAt: at(0).toISOString() }],
    });
    expect(detail?.messages).toHaveLength(2);
    // The resolution was not in the second write, so it keeps what was stored.
    expect(detail?.messages[1]?.toolCalls).toMatchObject([
      { status: "error", isError: true, error: "outcome_unknown", outcome: '{"x":1}', resolution: "saved" },
    ]);
    const trace = await opened.store.turns.getTrace({ userId: "u1", turnId: "t1" });
    expect(trace).toMatchObject({ outcome: "answered", endedAt: at(6_000).toISOString(), events: [{ seq: 0 }] });
  });

  it("lists conversations newest first with ties broken by id, and continues after a (updatedAt, id) cursor", async () => {
    for (const [id, ms] of [
      ["a", 1_000],
      ["b", 2_000],
      ["c", 2_000],
      ["d", 3_000],
    ] as const) {
      await opened.store.turns.writeRows(turnRows({ userId: "u1", conversationId: id, turnId: `t-${id}`, startedAt: at(0), updatedAt: at(ms) }));
    }
    await opened.store.turns.writeRows(turnRows({ userId: "u2", conversationId: "other", turnId: "t-other" }));
    const all = await opened.store.conversations.list({ userId: "u1", limit: 10 });
    expect(all.map((entry) => entry.id)).toEqual(["d", "c", "b", "a"]);
    const page = await opened.store.conversations.list({ userId: "u1", limit: 2 });
    expect(page.map((entry) => entry.id)).toEqual(["d", "c"]);
    const next = await opened.store.conversations.list({ userId: "u1", limit: 2, before: page[1]!.updatedAt, beforeId: page[1]!.id });
    expect(next.map((entry) => entry.id)).toEqual(["b", "a"]);
    const olderCursor = await opened.store.conversations.list({ userId: "u1", limit: 10, before: at(2_000).toISOString() });
    expect(olderCursor.map((entry) => entry.id)).toEqual(["a"]);
  });

  it("renames and deletes only the owner's conversation; deleting takes its turns, messages and calls with it", async () => {
    await opened.store.turns.writeRows(
      turnRows({ userId: "u1", conversationId: "c1", turnId: "t1", toolCalls: [writeCall({ userId: "u1", turnId: "t1", id: "tc1", key: "k1" })] }),
    );
    expect(await opened.store.conversations.rename({ userId: "u2", conversationId: "c1", title: "stolen" })).toBe(false);
    expect(await opened.store.conversations.rename({ userId: "u1", conversationId: "c1", title: "Renamed" })).toBe(true);
    expect((await opened.store.conversations.get({ userId: "u1", conversationId: "c1" }))?.title).toBe("Renamed");
    expect(await opened.store.conversations.delete({ userId: "u2", conversationId: "c1" })).toBe(false);
    expect(await opened.store.conversations.delete({ userId: "u1", conversationId: "c1" })).toBe(true);
    expect(await opened.store.turns.getTrace({ userId: "u1", turnId: "t1" })).toBeUndefined();
    expect(await opened.store.toolCalls.findOwnWriteCall({ userId: "u1", toolCallId: "tc1" })).toBeUndefined();
    expect(await opened.store.conversations.history({ conversationId: "c1" })).toEqual({ messages: [], toolCalls: [] });
  });

  it("finds only the user's own call that holds a key, and records its resolution", async () => {
    const keyed = writeCall({ userId: "u1", turnId: "t1", id: "keyed", key: "k1" });
    const unkeyed = { ...writeCall({ userId: "u1", turnId: "t1", id: "plain", position: 1 }), name: "read_measurement" };
    await opened.store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c1", turnId: "t1", toolCalls: [keyed, unkeyed] }));
    expect(await opened.store.toolCalls.findOwnWriteCall({ userId: "u1", toolCallId: "keyed" })).toEqual({
      toolCallId: "keyed",
      name: "save_measurement",
      idempotencyKey: "k1",
      arguments: keyed.arguments,
      turnId: "t1",
      resolution: null,
    });
    expect(await opened.store.toolCalls.findOwnWriteCall({ userId: "u2", toolCallId: "keyed" })).toBeUndefined();
    expect(await opened.store.toolCalls.findOwnWriteCall({ userId: "u1", toolCallId: "plain" })).toBeUndefined();
    await opened.store.toolCalls.setResolution({ toolCallId: "keyed", resolution: "not_saved" });
    expect((await opened.store.toolCalls.findOwnWriteCall({ userId: "u1", toolCallId: "keyed" }))?.resolution).toBe("not_saved");
    await opened.store.toolCalls.setResolution({ toolCallId: "keyed", resolution: null });
    expect((await opened.store.toolCalls.findOwnWriteCall({ userId: "u1", toolCallId: "keyed" }))?.resolution).toBeNull();
  });

  it("tells each turn's resolution the same way in the list, the trace and the conversation: null until every stopped save is resolved", async () => {
    const stopped = (turnId: string, id: string, errorCode: "outcome_unknown" | "write_failed", position = 0) => ({
      ...writeCall({ userId: "u1", turnId, id, key: `k-${id}`, position }),
      status: "error" as const,
      isError: true,
      errorCode,
    });
    const turns = [
      { turnId: "t-found", calls: [stopped("t-found", "found", "outcome_unknown")], resolutions: ["saved"] },
      { turnId: "t-now", calls: [stopped("t-now", "now", "write_failed")], resolutions: ["saved_now"] },
      { turnId: "t-open", calls: [stopped("t-open", "open", "write_failed")], resolutions: [] },
      { turnId: "t-none", calls: [stopped("t-none", "none", "outcome_unknown")], resolutions: ["not_saved"] },
      {
        turnId: "t-mixed",
        calls: [stopped("t-mixed", "m1", "outcome_unknown"), stopped("t-mixed", "m2", "outcome_unknown", 1)],
        resolutions: ["saved", "refused"],
      },
      { turnId: "t-half", calls: [stopped("t-half", "h1", "outcome_unknown"), stopped("t-half", "h2", "outcome_unknown", 1)], resolutions: ["saved_now"] },
    ] as const;
    for (const [index, entry] of turns.entries()) {
      await opened.store.turns.writeRows(
        turnRows({ userId: "u1", conversationId: `c-${entry.turnId}`, turnId: entry.turnId, startedAt: at(10_000 - index), toolCalls: [...entry.calls] }),
      );
      for (const [position, resolution] of entry.resolutions.entries()) {
        await opened.store.toolCalls.setResolution({ toolCallId: entry.calls[position]!.id, resolution });
      }
    }
    const expected = { "t-found": "saved", "t-now": "saved_now", "t-open": null, "t-none": "not_saved", "t-mixed": "refused", "t-half": null };
    const listed = await opened.store.turns.list({ userId: "u1", limit: 10 });
    expect(Object.fromEntries(listed.map((entry) => [entry.id, entry.resolution]))).toEqual(expected);
    const unresolved = { "t-found": 0, "t-now": 0, "t-open": 1, "t-none": 0, "t-mixed": 0, "t-half": 1 };
    expect(Object.fromEntries(listed.map((entry) => [entry.id, entry.unresolvedWrites]))).toEqual(unresolved);
    for (const entry of turns) {
      const trace = await opened.store.turns.getTrace({ userId: "u1", turnId: entry.turnId });
      const detail = await opened.store.conversations.get({ userId: "u1", conversationId: `c-${entry.turnId}` });
      expect([trace?.resolution, detail?.turns[0]?.resolution]).toEqual([expected[entry.turnId], expected[entry.turnId]]);
    }
  });

  it("lists the user's turns newest first and sums their figures since a date", async () => {
    const now = Date.now();
    for (const [index, outcome] of (["answered", "answered", null] as const).entries()) {
      const rows = turnRows({ userId: "u1", conversationId: `c${index}`, turnId: `t${index}`, startedAt: new Date(now - index * 1_000) });
      await opened.store.turns.writeRows({
        ...rows,
        turn: { ...rows.turn, outcome },
        toolCalls: [
          {
            ...writeCall({ userId: "u1", turnId: `t${index}`, id: `tc${index}` }),
            createdAt: new Date(now),
            status: index === 0 ? "error" : "ok",
            errorCode: index === 0 ? "conflict" : null,
          },
        ],
        traceEvents: [
          {
            turnId: `t${index}`,
            seq: 0,
            type: "model-request-end",
            at: new Date(now),
            data: JSON.stringify({ provider: "offline", status: index === 2 ? "timeout" : "ok" }),
          },
        ],
      });
    }
    expect((await opened.store.turns.list({ userId: "u1", limit: 2 })).map((turn) => turn.id)).toEqual(["t0", "t1"]);
    expect(await opened.store.turns.list({ userId: "u2", limit: 10 })).toEqual([]);
    const summary = await opened.store.turns.summarizeMetrics({ userId: "u1", since: new Date(now - 60_000) });
    expect([...summary.turnOutcomes].sort((a, b) => a.outcome.localeCompare(b.outcome))).toEqual([
      { outcome: "answered", count: 2 },
      { outcome: "unfinished", count: 1 },
    ]);
    expect([...summary.modelRequests].sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { provider: "offline", status: "ok", count: 2 },
      { provider: "offline", status: "timeout", count: 1 },
    ]);
    const day = new Date(now).toISOString().slice(0, 10);
    expect([...summary.toolResults].sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { day, tool: "save_measurement", status: "error", error: "conflict", count: 1 },
      { day, tool: "save_measurement", status: "ok", error: "", count: 2 },
    ]);
    const later = await opened.store.turns.summarizeMetrics({ userId: "u1", since: new Date(now + 60_000) });
    expect(later).toEqual({ toolResults: [], turnOutcomes: [], modelRequests: [] });
  });

  it("lists each turn's message excerpt, tools, untraceable count and injected faults, and filters by outcome and tool", async () => {
    const long = `Save weight 77.4 kg ${"and a very long explanation ".repeat(10)}`;
    const specs = [
      { id: "ta", outcome: "answered" as const, text: "What did I weigh\non 2 January?", tools: ["read_measurement"], untraceable: ["81.2", "3"] },
      { id: "tb", outcome: "stopped_outcome_unknown" as const, text: long, tools: ["save_measurement"], untraceable: [] },
      { id: "tc", outcome: null, text: "hello", tools: [], untraceable: [] },
    ];
    for (const [index, spec] of specs.entries()) {
      const rows = turnRows({ userId: "u1", conversationId: `c-${spec.id}`, turnId: spec.id, startedAt: at(-index * 1_000) });
      await opened.store.turns.writeRows({
        ...rows,
        turn: { ...rows.turn, outcome: spec.outcome },
        messages: [
          { ...rows.messages[0]!, content: spec.text },
          { ...rows.messages[1]!, content: "reply", ...(spec.untraceable.length > 0 ? { untraceableNumbers: spec.untraceable } : {}) },
        ],
        toolCalls: spec.tools.map((name, position) => ({
          ...writeCall({
            userId: "u1",
            turnId: spec.id,
            id: `${spec.id}-call${position}`,
            position,
            key: name === "save_measurement" ? `k-${spec.id}` : undefined,
          }),
          name,
          status: name === "save_measurement" ? ("error" as const) : ("ok" as const),
          errorCode: name === "save_measurement" ? "outcome_unknown" : null,
        })),
        traceEvents: [
          ...rows.traceEvents,
          ...(spec.id === "tb"
            ? [
                {
                  turnId: "tb",
                  seq: 1,
                  type: "fault-injected",
                  at: at(1),
                  data: JSON.stringify({ toolCallId: "tb-call0", faults: [{ target: "write", mode: "lost_ack" }] }),
                },
              ]
            : []),
        ],
      });
    }
    const listed = await opened.store.turns.list({ userId: "u1", limit: 10 });
    expect(listed.map((entry) => [entry.id, entry.excerpt, entry.tools, entry.untraceableNumbers, entry.faultsInjected])).toEqual([
      ["ta", "What did I weigh on 2 January?", [{ name: "read_measurement", status: "ok", error: null }], 2, []],
      [
        "tb",
        `${long.replace(/\s+/g, " ").slice(0, 139).trimEnd()}…`,
        [{ name: "save_measurement", status: "error", error: "outcome_unknown" }],
        0,
        [{ target: "write", mode: "lost_ack" }],
      ],
      ["tc", "hello", [], 0, []],
    ]);
    expect(listed[1]?.excerpt).toHaveLength(140);
    expect(listed.map((entry) => entry.unresolvedWrites)).toEqual([0, 1, 0]);
    const ids = async (filter: { outcome?: string; tool?: string }) =>
      (await opened.store.turns.list({ userId: "u1", limit: 10, ...filter })).map((entry) => entry.id);
    expect(await ids({ outcome: "answered" })).toEqual(["ta"]);
    expect(await ids({ outcome: "unfinished" })).toEqual(["tc"]);
    expect(await ids({ tool: "save_measurement" })).toEqual(["tb"]);
    expect(await ids({ outcome: "answered", tool: "save_measurement" })).toEqual([]);
    expect(await ids({ tool: "read_measurement", outcome: "answered" })).toEqual(["ta"]);
    expect(await opened.store.turns.list({ userId: "u2", limit: 10, tool: "read_measurement" })).toEqual([]);
    const trace = await opened.store.turns.getTrace({ userId: "u1", turnId: "tb" });
    expect(trace?.faultsInjected).toEqual([{ target: "write", mode: "lost_ack" }]);
    expect(trace?.messages).toEqual([
      { role: "user", author: "user", content: long, untraceableNumbers: [] },
      { role: "assistant", author: "model", content: "reply", untraceableNumbers: [] },
    ]);
  });
});
