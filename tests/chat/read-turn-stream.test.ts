import { describe, expect, it } from "vitest";
import type { ChatActionEvent } from "@/lib/chat/chat-event";
import { readTurnStream } from "@/lib/chat/read-turn-stream";

const turnEnd: ChatActionEvent = {
  event: "turn-end",
  data: { conversationId: "c", turnId: "t", outcome: "answered", reply: "ok", toolCalls: [], modelRequests: 1 },
};
const delta: ChatActionEvent = { event: "text-delta", data: { type: "text-delta", delta: "o" } };

function streamOf(events: ChatActionEvent[], options: { hangAfter?: boolean } = {}): ReadableStream<ChatActionEvent> {
  return new ReadableStream({
    start(controller) {
      for (const event of events) controller.enqueue(event);
      if (!options.hangAfter) controller.close();
    },
  });
}

const never = new Promise<void>(() => undefined);

describe("readTurnStream", () => {
  it("finishes at turn-end and hands every event over in order", async () => {
    const seen: ChatActionEvent[] = [];
    const ending = await readTurnStream({ open: async () => streamOf([delta, turnEnd]), onEvent: (event) => seen.push(event), stop: never });
    expect(ending).toBe("finished");
    expect(seen).toEqual([delta, turnEnd]);
  });

  it("reports a stream that closes without turn-end as a lost connection", async () => {
    expect(await readTurnStream({ open: async () => streamOf([delta]), onEvent: () => undefined, stop: never })).toBe("connection_lost");
  });

  it("reports a failing action as a lost connection instead of throwing", async () => {
    expect(await readTurnStream({ open: async () => Promise.reject(new Error("offline")), onEvent: () => undefined, stop: never })).toBe("connection_lost");
  });

  it("stops waiting when asked, even while the stream stays silent", async () => {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const reading = readTurnStream({ open: async () => streamOf([delta], { hangAfter: true }), onEvent: () => undefined, stop: stopped });
    setTimeout(stop, 20);
    expect(await reading).toBe("stopped_waiting");
  });

  it("gives up on a stream that stays silent past the idle timeout", async () => {
    const ending = await readTurnStream({ open: async () => streamOf([], { hangAfter: true }), onEvent: () => undefined, stop: never, idleTimeoutMs: 30 });
    expect(ending).toBe("connection_lost");
  });

  it("treats a refused turn as finished (its reason is an event, not a broken stream)", async () => {
    const ending = await readTurnStream({
      open: async () => streamOf([{ event: "turn-refused", data: { reason: "rate_limited", retryAfterSeconds: 3 } }]),
      onEvent: () => undefined,
      stop: never,
    });
    expect(ending).toBe("finished");
  });

  it("treats a turn that failed after it began as finished: its error event is the last one", async () => {
    const failed: ChatActionEvent = {
      event: "error",
      data: { type: "https://palestra.dev/problems/internal", title: "Internal error", status: 500, detail: "x" },
    };
    expect(await readTurnStream({ open: async () => streamOf([delta, failed]), onEvent: () => undefined, stop: never })).toBe("finished");
  });
});
