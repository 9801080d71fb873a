import { describe, expect, it } from "vitest";
import { createEventStream } from "@/lib/http/event-stream";

describe("createEventStream", () => {
  it("writes each event as one event line and one data line of JSON", async () => {
    const stream = createEventStream();
    stream.send("text-delta", { delta: "line one\nline two" });
    stream.close();
    const text = await new Response(stream.body).text();
    expect(text).toBe('event: text-delta\ndata: {"delta":"line one\\nline two"}\n\n');
  });

  it("sends the events of one turn of the event loop as one chunk, and later ones as the next", async () => {
    const stream = createEventStream();
    const reader = stream.body.getReader();
    const decoder = new TextDecoder();
    stream.send("model-request-end", { round: 1 });
    stream.send("tool-call-start", { toolCallId: "a" });
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('event: model-request-end\ndata: {"round":1}\n\nevent: tool-call-start\ndata: {"toolCallId":"a"}\n\n');
    stream.send("tool-call-end", { toolCallId: "a" });
    const second = await reader.read();
    expect(decoder.decode(second.value)).toBe('event: tool-call-end\ndata: {"toolCallId":"a"}\n\n');
    stream.close();
    expect((await reader.read()).done).toBe(true);
  });

  it("sends what is still queued when it closes, in order", async () => {
    const stream = createEventStream();
    stream.send("text-delta", { delta: "a" });
    stream.send("turn-end", { outcome: "answered" });
    stream.close();
    const text = await new Response(stream.body).text();
    expect(text).toBe('event: text-delta\ndata: {"delta":"a"}\n\nevent: turn-end\ndata: {"outcome":"answered"}\n\n');
  });

  it("keeps accepting writes silently after the client went away", async () => {
    const stream = createEventStream();
    const reader = stream.body.getReader();
    await reader.cancel();
    expect(() => {
      stream.send("turn-end", { outcome: "answered" });
      stream.close();
      stream.close();
    }).not.toThrow();
  });
});
