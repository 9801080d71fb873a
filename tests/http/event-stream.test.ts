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
