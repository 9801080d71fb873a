// The store contract for the inspection tests and drills read through: whole rows by id and turn, accounts, counts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { at, turnRows, weight, writeCall } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

describe.each(storeAdapters)("the $name store: inspection", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
    await opened.createUser("u2");
  });
  afterEach(() => opened.close());

  it("reads a tool call by id and a turn's tool calls, events, messages and turn row in their order", async () => {
    const first = { ...writeCall({ userId: "u1", turnId: "t1", id: "tc-b", key: "k1", position: 1 }), status: "ok" as const, attempts: 2 };
    const second = writeCall({ userId: "u1", turnId: "t1", id: "tc-a", position: 0 });
    const rows = turnRows({ userId: "u1", conversationId: "c1", turnId: "t1", toolCalls: [first, second] });
    await opened.store.turns.writeRows({
      ...rows,
      traceEvents: [...rows.traceEvents, { turnId: "t1", seq: 1, type: "turn-end", at: at(5), data: "{}" }],
    });
    const { inspection } = opened.store;
    expect(await inspection.toolCall({ id: "tc-b" })).toMatchObject({ id: "tc-b", idempotencyKey: "k1", status: "ok", attempts: 2, resolution: null });
    expect(await inspection.toolCall({ id: "none" })).toBeUndefined();
    expect((await inspection.toolCallsOfTurn({ turnId: "t1" })).map((call) => call.id)).toEqual(["tc-a", "tc-b"]);
    expect((await inspection.traceEventsOfTurn({ turnId: "t1" })).map((event) => [event.seq, event.type])).toEqual([
      [0, "turn-start"],
      [1, "turn-end"],
    ]);
    expect((await inspection.messagesOfConversation({ conversationId: "c1" })).map((message) => message.id)).toEqual(["t1-m0", "t1-m1"]);
    expect(await inspection.turn({ id: "t1" })).toMatchObject({ id: "t1", userId: "u1", outcome: null, modelRequests: 1, startedAt: at(0) });
    expect(await inspection.turn({ id: "none" })).toBeUndefined();
  });

  it("reads an account with its admin flags", async () => {
    await opened.createSession({ userId: "u2", token: "tok", expiresAt: at(60_000), passwordChangeRequired: true, banned: true });
    expect(await opened.store.inspection.user({ id: "u1" })).toEqual({
      id: "u1",
      name: "User u1",
      email: "u1@store.test",
      units: "metric",
      role: null,
      banned: false,
      passwordChangeRequired: false,
    });
    expect(await opened.store.inspection.user({ id: "u2" })).toMatchObject({ banned: true, passwordChangeRequired: true });
    expect(await opened.store.inspection.user({ id: "none" })).toBeUndefined();
  });

  it("counts a table's rows, all of them or one user's, through the conversation or turn they belong to", async () => {
    await opened.store.turns.writeRows(turnRows({ userId: "u1", conversationId: "c1", turnId: "t1" }));
    await opened.store.turns.writeRows(turnRows({ userId: "u2", conversationId: "c2", turnId: "t2" }));
    const saved = await opened.store.measurements.saveIdempotent({
      userId: "u1",
      key: "k1",
      operation: "save_measurement",
      fingerprint: "fp",
      date: "2026-03-04",
      decide: () => ({ change: { kind: "insert", values: weight(77.4), note: null, at: at(1) }, outcome: { isError: false, content: "{}" }, value: "created" }),
    });
    expect(saved).toEqual({ status: "committed", value: "created" });
    const { inspection } = opened.store;
    expect(await inspection.countRows({ table: "message" })).toBe(4);
    expect(await inspection.countRows({ table: "message", userId: "u1" })).toBe(2);
    expect(await inspection.countRows({ table: "trace_event", userId: "u2" })).toBe(1);
    expect(await inspection.countRows({ table: "measurement", userId: "u1" })).toBe(1);
    expect(await inspection.countRows({ table: "idempotency_record", userId: "u2" })).toBe(0);
    expect(await inspection.countRows({ table: "user" })).toBe(2);
    expect(await inspection.countRows({ table: "user", userId: "u2" })).toBe(1);
    await expect(inspection.countRows({ table: "usage_window", userId: "u1" })).rejects.toThrow("usage_window rows belong to no user");
  });

  it("reads every user's measurements and completed idempotency records in the order written, leaving out a claim in flight", async () => {
    const save = (userId: string, key: string, date: string, kg: number) =>
      opened.store.measurements.saveIdempotent({
        userId,
        key,
        operation: "save_measurement",
        fingerprint: `fp-${key}`,
        date,
        decide: () => ({
          change: { kind: "insert", values: weight(kg), note: null, at: at(1) },
          outcome: { isError: false, content: `{"kg":${kg}}` },
          value: "created",
        }),
      });
    expect(await save("u2", "k1", "2026-03-05", 80)).toEqual({ status: "committed", value: "created" });
    expect(await save("u1", "k1", "2026-03-04", 77.4)).toEqual({ status: "committed", value: "created" });
    expect(await save("u1", "k2", "2026-03-03", 77.1)).toEqual({ status: "committed", value: "created" });
    const held = await opened.store.idempotency.claim({ userId: "u1", key: "k3", holdMs: 60_000 });
    expect(held.status).toBe("claimed");
    const { inspection } = opened.store;
    expect((await inspection.measurements()).map((row) => [row.userId, row.date, row.weightKg, row.note])).toEqual([
      ["u2", "2026-03-05", 80, null],
      ["u1", "2026-03-04", 77.4, null],
      ["u1", "2026-03-03", 77.1, null],
    ]);
    expect(await inspection.idempotencyRecords()).toEqual([
      {
        id: expect.any(Number),
        userId: "u2",
        key: "k1",
        operation: "save_measurement",
        fingerprint: "fp-k1",
        isError: false,
        outcome: '{"kg":80}',
        createdAt: expect.any(Date),
      },
      {
        id: expect.any(Number),
        userId: "u1",
        key: "k1",
        operation: "save_measurement",
        fingerprint: "fp-k1",
        isError: false,
        outcome: '{"kg":77.4}',
        createdAt: expect.any(Date),
      },
      {
        id: expect.any(Number),
        userId: "u1",
        key: "k2",
        operation: "save_measurement",
        fingerprint: "fp-k2",
        isError: false,
        outcome: '{"kg":77.1}',
        createdAt: expect.any(Date),
      },
    ]);
    if (held.status === "claimed") await held.release();
  });
});
