import { describe, expect, it } from "vitest";
import type { QueuedSave } from "@/app/measurements/offline/queued-save";
import { sendQueuedMeasurements, type SendAnswer } from "@/app/measurements/offline/send-queued-measurements";
import { createInMemoryQueue, createLock, queuedSave } from "./in-memory-measurement-queue";

/** A server stand-in that answers each key from a script and records every request it was sent. */
function recordingSender(answers: Record<string, SendAnswer[]> = {}) {
  const sent: { key: string; date: string }[] = [];
  const send = async (save: QueuedSave): Promise<SendAnswer> => {
    sent.push({ key: save.idempotencyKey, date: save.date });
    return answers[save.idempotencyKey]?.shift() ?? { kind: "stored" };
  };
  return { sent, send };
}

describe("sendQueuedMeasurements", () => {
  it("sends the waiting saves oldest first, each with its own key, and marks each one the server stored as stored", async () => {
    const queue = createInMemoryQueue([
      queuedSave({ idempotencyKey: "k-3", queuedAt: 30, date: "2026-12-03" }),
      queuedSave({ idempotencyKey: "k-1", queuedAt: 10, date: "2026-12-01" }),
      queuedSave({ idempotencyKey: "k-2", queuedAt: 20, date: "2026-12-02" }),
    ]);
    const { sent, send } = recordingSender();
    const summary = await sendQueuedMeasurements({ queue, send, withLock: createLock() });
    expect(sent).toEqual([
      { key: "k-1", date: "2026-12-01" },
      { key: "k-2", date: "2026-12-02" },
      { key: "k-3", date: "2026-12-03" },
    ]);
    expect(summary).toEqual({ stored: 3, refused: 0, stoppedBy: null });
    expect(await queue.list()).toEqual([]);
    // Stored, not discarded: the form that queued each one is told it is saved.
    expect(queue.storedKeys).toEqual(["k-1", "k-2", "k-3"]);
  });

  it("stops at a network error, keeps that save and the later ones, and sends them again with the same keys", async () => {
    const queue = createInMemoryQueue([queuedSave({ idempotencyKey: "k-1", queuedAt: 1 }), queuedSave({ idempotencyKey: "k-2", queuedAt: 2 })]);
    const { sent, send } = recordingSender({ "k-1": [{ kind: "network_error" }] });
    const first = await sendQueuedMeasurements({ queue, send, withLock: createLock() });
    expect(first).toEqual({ stored: 0, refused: 0, stoppedBy: "network_error" });
    expect(sent.map((request) => request.key)).toEqual(["k-1"]);
    expect((await queue.list()).map((save) => save.idempotencyKey)).toEqual(["k-1", "k-2"]);

    const second = await sendQueuedMeasurements({ queue, send, withLock: createLock() });
    expect(second).toEqual({ stored: 2, refused: 0, stoppedBy: null });
    expect(sent.map((request) => request.key)).toEqual(["k-1", "k-1", "k-2"]);
    expect(await queue.list()).toEqual([]);
  });

  it("keeps a save the server could not settle yet (retry_later) and sends nothing after it", async () => {
    const queue = createInMemoryQueue([queuedSave({ idempotencyKey: "k-1", queuedAt: 1 }), queuedSave({ idempotencyKey: "k-2", queuedAt: 2 })]);
    const { sent, send } = recordingSender({ "k-1": [{ kind: "retry_later" }] });
    const summary = await sendQueuedMeasurements({ queue, send, withLock: createLock() });
    expect(summary.stoppedBy).toBe("retry_later");
    expect(sent.map((request) => request.key)).toEqual(["k-1"]);
    expect((await queue.list()).map((save) => [save.idempotencyKey, save.refusal])).toEqual([
      ["k-1", undefined],
      ["k-2", undefined],
    ]);
  });

  it("keeps a refused save with the server's own words, goes on with the next, and never sends the refused one again", async () => {
    const detail = "Ya hay otro valor guardado para el 1 dic 2026: peso 80 kg.";
    const queue = createInMemoryQueue([queuedSave({ idempotencyKey: "k-1", queuedAt: 1 }), queuedSave({ idempotencyKey: "k-2", queuedAt: 2 })]);
    const { sent, send } = recordingSender({ "k-1": [{ kind: "refused", refusal: { status: 409, code: "conflict", detail } }] });
    const summary = await sendQueuedMeasurements({ queue, send, withLock: createLock() });
    expect(summary).toEqual({ stored: 1, refused: 1, stoppedBy: null });
    expect(await queue.list()).toEqual([expect.objectContaining({ idempotencyKey: "k-1", refusal: { status: 409, code: "conflict", detail } })]);

    await sendQueuedMeasurements({ queue, send, withLock: createLock() });
    expect(sent.map((request) => request.key)).toEqual(["k-1", "k-2"]);
  });

  it("sends each save once when two tabs start sending at the same moment under the shared lock", async () => {
    const queue = createInMemoryQueue([queuedSave({ idempotencyKey: "k-1", queuedAt: 1 }), queuedSave({ idempotencyKey: "k-2", queuedAt: 2 })]);
    const { sent, send } = recordingSender();
    const slowSend = async (save: QueuedSave) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return send(save);
    };
    const withLock = createLock();
    const [first, second] = await Promise.all([
      sendQueuedMeasurements({ queue, send: slowSend, withLock }),
      sendQueuedMeasurements({ queue, send: slowSend, withLock }),
    ]);
    expect(sent.map((request) => request.key)).toEqual(["k-1", "k-2"]);
    expect(first.stored + second.stored).toBe(2);
  });

  it("without the lock the same two tabs would send twice (the lock is what prevents it)", async () => {
    const queue = createInMemoryQueue([queuedSave({ idempotencyKey: "k-1", queuedAt: 1 })]);
    const { sent, send } = recordingSender();
    const noLock = <T>(run: () => Promise<T>) => run();
    await Promise.all([sendQueuedMeasurements({ queue, send, withLock: noLock }), sendQueuedMeasurements({ queue, send, withLock: noLock })]);
    expect(sent.map((request) => request.key)).toEqual(["k-1", "k-1"]);
  });
});
