// The store contract for measurements and the idempotent save, written against the port only.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IdempotentSaveRequest } from "@/lib/store/measurement-store";
import type { MeasurementRow } from "@/lib/store/records";
import { at, turnRows, weight, writeCall } from "./rows";
import { storeAdapters, type OpenedStore } from "./store-adapters";

describe.each(storeAdapters)("the $name store: measurements and the idempotent save", (adapter) => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await adapter.open();
    await opened.createUser("u1");
    await opened.createUser("u2");
  });
  afterEach(() => opened.close());

  /** A save of one weight under `key`; the decision inserts, updates or leaves the row as the stored one dictates. */
  function save(options: { userId?: string; key: string; date: string; kg: number } & Partial<IdempotentSaveRequest<string>>) {
    const { userId = "u1", key, date, kg, ...rest } = options;
    return opened.store.measurements.saveIdempotent({
      userId,
      key,
      operation: "save_measurement",
      fingerprint: `fp-${kg}`,
      date,
      decide: (stored: MeasurementRow | undefined) => ({
        change: !stored
          ? { kind: "insert", values: weight(kg), note: null, at: at(10) }
          : stored.weightKg === kg
            ? { kind: "none" }
            : { kind: "update", id: stored.id, values: weight(kg), at: at(20) },
        outcome: { isError: false, content: JSON.stringify({ date, kg }) },
        value: stored ? "updated" : "created",
      }),
      ...rest,
    });
  }

  it("commits the change and the key's outcome together, and hands back the decision's value", async () => {
    expect(await save({ key: "k1", date: "2026-03-04", kg: 77.4 })).toEqual({ status: "committed", value: "created" });
    expect(await opened.store.measurements.findByDate({ userId: "u1", date: "2026-03-04" })).toMatchObject({
      date: "2026-03-04",
      weightKg: 77.4,
      note: null,
      bodyFatPct: null,
    });
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toMatchObject({
      key: "k1",
      operation: "save_measurement",
      fingerprint: "fp-77.4",
      isError: false,
      outcome: JSON.stringify({ date: "2026-03-04", kg: 77.4 }),
    });
  });

  it("shows decide the stored row, updates only the columns given, and keeps the others", async () => {
    await opened.store.measurements.saveIdempotent({
      userId: "u1",
      key: "k1",
      operation: "op",
      fingerprint: "f",
      date: "2026-03-04",
      decide: () => ({
        change: { kind: "insert", values: { weightKg: 77, waistCm: 80 }, note: "first", at: at(1) },
        outcome: { isError: false, content: "{}" },
        value: null,
      }),
    });
    let shown: MeasurementRow | undefined;
    await opened.store.measurements.saveIdempotent({
      userId: "u1",
      key: "k2",
      operation: "op",
      fingerprint: "f",
      date: "2026-03-04",
      decide: (stored) => {
        shown = stored;
        return {
          change: { kind: "update", id: stored!.id, values: { weightKg: 78, neckCm: null }, at: at(2) },
          outcome: { isError: false, content: "{}" },
          value: null,
        };
      },
    });
    expect(shown).toMatchObject({ weightKg: 77, waistCm: 80, note: "first" });
    expect(await opened.store.measurements.findByDate({ userId: "u1", date: "2026-03-04" })).toMatchObject({
      weightKg: 78,
      waistCm: 80,
      neckCm: null,
      note: "first",
      updatedAt: at(2),
    });
  });

  it("records the key even when decide changes nothing (a conflict is an outcome too)", async () => {
    await save({ key: "k1", date: "2026-03-04", kg: 77 });
    const refused = await opened.store.measurements.saveIdempotent({
      userId: "u1",
      key: "k2",
      operation: "op",
      fingerprint: "f",
      date: "2026-03-04",
      decide: () => ({ change: { kind: "none" }, outcome: { isError: true, content: '{"error":"conflict"}' }, value: "conflict" }),
    });
    expect(refused).toEqual({ status: "committed", value: "conflict" });
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k2" })).toMatchObject({ isError: true, outcome: '{"error":"conflict"}' });
    expect(await opened.store.measurements.findByDate({ userId: "u1", date: "2026-03-04" })).toMatchObject({ weightKg: 77 });
  });

  it("answers raced with the completed record, without running decide, when the key is already taken", async () => {
    await save({ key: "k1", date: "2026-03-04", kg: 77 });
    let decided = false;
    const again = await save({
      key: "k1",
      date: "2026-03-05",
      kg: 90,
      decide: () => ((decided = true), { change: { kind: "none" }, outcome: { isError: false, content: "" }, value: "" }),
    });
    expect(again.status).toBe("raced");
    expect(again.status === "raced" && again.record).toMatchObject({ key: "k1", fingerprint: "fp-77" });
    expect(decided).toBe(false);
    expect(await opened.store.measurements.findByDate({ userId: "u1", date: "2026-03-05" })).toBeUndefined();
  });

  it("runs one of two concurrent saves under one key, and tells the other it raced", async () => {
    const results = await Promise.all([save({ key: "same", date: "2026-03-04", kg: 70 }), save({ key: "same", date: "2026-03-04", kg: 71 })]);
    expect(results.map((result) => result.status).sort()).toEqual(["committed", "raced"]);
    expect((await opened.store.measurements.listAll({ userId: "u1" })).length).toBe(1);
  });

  it("keys are per user: the same key of another user is free", async () => {
    await save({ key: "k1", date: "2026-03-04", kg: 77 });
    expect(await save({ userId: "u2", key: "k1", date: "2026-03-04", kg: 60 })).toEqual({ status: "committed", value: "created" });
    expect(await opened.store.idempotency.find({ userId: "u2", key: "k1" })).toMatchObject({ fingerprint: "fp-60" });
  });

  it("rolls everything back when decide throws: failed in the body, nothing stored, the key still free", async () => {
    const boom = new Error("decide failed");
    const result = await save({
      key: "k1",
      date: "2026-03-04",
      kg: 77,
      decide: () => {
        throw boom;
      },
    });
    expect(result).toEqual({ status: "failed", phase: "body", error: boom });
    expect(await opened.store.measurements.findByDate({ userId: "u1", date: "2026-03-04" })).toBeUndefined();
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
  });

  it("rolls back the change, the key and the turn's rows when the fault inside the transaction throws", async () => {
    const rows = turnRows({ userId: "u1", conversationId: "c1", turnId: "t1", toolCalls: [writeCall({ userId: "u1", turnId: "t1", id: "tc1", key: "k1" })] });
    const result = await save({
      key: "k1",
      date: "2026-03-04",
      kg: 77,
      alsoWrite: () => rows,
      insideTransaction: () => {
        throw new Error("injected");
      },
    });
    expect(result).toMatchObject({ status: "failed", phase: "body" });
    expect(await opened.store.measurements.listAll({ userId: "u1" })).toEqual([]);
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
    expect(await opened.store.conversations.isOwnedBy({ userId: "u1", conversationId: "c1" })).toBe(false);
  });

  it("commits the turn's rows with the change, the tool call carrying the recorded outcome", async () => {
    const result = await save({
      key: "k1",
      date: "2026-03-04",
      kg: 77,
      alsoWrite: (recorded) =>
        turnRows({
          userId: "u1",
          conversationId: "c1",
          turnId: "t1",
          toolCalls: [
            {
              ...writeCall({ userId: "u1", turnId: "t1", id: "tc1", key: "k1" }),
              status: "ok",
              isError: recorded.isError,
              outcome: recorded.content,
              attempts: 1,
            },
          ],
        }),
    });
    expect(result.status).toBe("committed");
    const detail = await opened.store.conversations.get({ userId: "u1", conversationId: "c1" });
    expect(detail?.messages[1]?.toolCalls).toMatchObject([
      { id: "tc1", status: "ok", isError: false, outcome: JSON.stringify({ date: "2026-03-04", kg: 77 }), attempts: 1, idempotencyKey: "k1" },
    ]);
  });

  it("is uncertain after COMMIT when the after-commit hook throws, and the data IS stored", async () => {
    const lost = new Error("acknowledgement lost");
    const result = await save({
      key: "k1",
      date: "2026-03-04",
      kg: 77,
      afterCommit: () => {
        throw lost;
      },
    });
    expect(result).toEqual({ status: "uncertain", phase: "after_commit", error: lost });
    expect(await opened.store.measurements.findByDate({ userId: "u1", date: "2026-03-04" })).toMatchObject({ weightKg: 77 });
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toBeDefined();
  });

  it("lists a range completely, oldest first, bounds included, and only the user's", async () => {
    for (const [index, date] of ["2026-03-05", "2026-03-01", "2026-03-03", "2026-02-28"].entries()) await save({ key: `k${index}`, date, kg: 70 + index });
    await save({ userId: "u2", key: "other", date: "2026-03-02", kg: 50 });
    const range = await opened.store.measurements.listRange({ userId: "u1", from: "2026-03-01", to: "2026-03-05" });
    expect(range.map((row) => row.date)).toEqual(["2026-03-01", "2026-03-03", "2026-03-05"]);
    expect((await opened.store.measurements.listAll({ userId: "u1" })).map((row) => row.date)).toEqual([
      "2026-02-28",
      "2026-03-01",
      "2026-03-03",
      "2026-03-05",
    ]);
  });

  it("deletes one date of one user, idempotently", async () => {
    await save({ key: "k1", date: "2026-03-04", kg: 77 });
    await save({ userId: "u2", key: "k1", date: "2026-03-04", kg: 60 });
    expect(await opened.store.measurements.deleteByDate({ userId: "u1", date: "2026-03-04" })).toEqual({ deleted: true });
    expect(await opened.store.measurements.deleteByDate({ userId: "u1", date: "2026-03-04" })).toEqual({ deleted: false });
    expect(await opened.store.measurements.findByDate({ userId: "u2", date: "2026-03-04" })).toMatchObject({ weightKg: 60 });
  });

  it("purges only the keys created before the cutoff", async () => {
    await save({ key: "k1", date: "2026-03-04", kg: 77 });
    expect(await opened.store.idempotency.purgeCreatedBefore(new Date(Date.now() - 60_000))).toBe(0);
    expect(await opened.store.idempotency.purgeCreatedBefore(new Date(Date.now() + 60_000))).toBe(1);
    expect(await opened.store.idempotency.find({ userId: "u1", key: "k1" })).toBeUndefined();
  });
});
