// readBodyDirectly: a body from nodeHttpFetch read piece by piece without its web stream, failing as that stream would
// (an abort, a cut, the idle timeout, the reader's own error), against a real local server.
import type http from "node:http";
import { describe, expect, it } from "vitest";
import { createNodeHttpFetch, nodeHttpFetch, readBodyDirectly } from "@/lib/agent/providers/node-http-fetch";
import { readOpenAIEventStream } from "@/lib/agent/providers/read-openai-event-stream";
import { startRecordingServer, waitUntil, type Handler } from "@/tests/support/recording-server";

const server = startRecordingServer();

describe("readBodyDirectly", () => {
  const streaming = (pieces: string[], then?: (response: http.ServerResponse) => void): Handler => {
    return (_request, _body, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of pieces) response.write(piece);
      if (then) then(response);
      else response.end();
    };
  };

  it("hands each piece to the callback as it arrives and resolves at the body's end", async () => {
    let finish: (() => void) | undefined;
    server.handler = streaming(["data: one\n\n"], (response) => (finish = () => response.end("data: two\n\n")));
    const response = await nodeHttpFetch(`${server.base}/direct`, { method: "POST", body: "{}" });
    const pieces: string[] = [];
    const read = readBodyDirectly(response, (chunk) => {
      pieces.push(chunk.toString("utf8"));
      finish?.();
    });
    expect(read).toBeInstanceOf(Promise);
    await read;
    expect(pieces.join("")).toBe("data: one\n\ndata: two\n\n");
    expect(pieces[0]).toBe("data: one\n\n");
    // The web stream was never read, and now cannot be.
    expect(response.bodyUsed).toBe(false);
    await expect(response.text()).rejects.toThrow("the body was already read");
  });

  it("is undefined for a body someone already reads, and for a Response nodeHttpFetch did not make", async () => {
    server.handler = streaming(["data: one\n\n"]);
    const response = await nodeHttpFetch(`${server.base}/direct-locked`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(readBodyDirectly(response, () => {})).toBeUndefined();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: one\n\n");
    expect(readBodyDirectly(new Response("data: x\n\n"), () => {})).toBeUndefined();
  });

  it("rejects with the signal's reason when aborted mid-body, and closes the connection", async () => {
    server.handler = streaming(["data: one\n\n"], () => {});
    const controller = new AbortController();
    const response = await nodeHttpFetch(`${server.base}/direct-abort`, { signal: controller.signal });
    const failure = readBodyDirectly(response, () => controller.abort())?.catch((error: unknown) => error);
    expect(((await failure) as DOMException).name).toBe("AbortError");
    await waitUntil(() => server.closedRequests.includes("/direct-abort cut"));
  });

  it("rejects as a broken stream when the connection is cut before the end", async () => {
    server.handler = streaming(["data: one\n\n"], (response) => setTimeout(() => response.socket?.destroy(), 20));
    const response = await nodeHttpFetch(`${server.base}/direct-cut`);
    const failure = await readBodyDirectly(response, () => {})?.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe("terminated");
  });

  it("rejects a body that sends nothing for the idle timeout, and closes the connection", async () => {
    server.handler = streaming(["data: one\n\n"], () => {});
    const response = await createNodeHttpFetch({ bodyIdleTimeoutMs: 100 })(`${server.base}/direct-stalled`);
    const failure = await readBodyDirectly(response, () => {})?.catch((error: unknown) => error);
    expect(((failure as TypeError).cause as Error).message).toBe("the body sent nothing for 100 ms");
    await waitUntil(() => server.closedRequests.includes("/direct-stalled cut"));
  });

  it("rejects with the callback's own error and closes the connection when the callback throws", async () => {
    server.handler = streaming(["data: one\n\n"], () => {});
    const response = await nodeHttpFetch(`${server.base}/direct-throws`);
    const mistake = new Error("the reader could not use this piece");
    const failure = await readBodyDirectly(response, () => {
      throw mistake;
    })?.catch((error: unknown) => error);
    expect(failure).toBe(mistake);
    await waitUntil(() => server.closedRequests.includes("/direct-throws cut"));
  });

  it("is how the adapters' event-stream reader reads a body from nodeHttpFetch", async () => {
    server.handler = streaming(['data: {"n":1}\n\n', 'data: {"n":2}\n\ndata: [DONE]\n\n']);
    const response = await nodeHttpFetch(`${server.base}/direct-events`);
    const seen: unknown[] = [];
    await readOpenAIEventStream(response, (data) => seen.push(data));
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(response.bodyUsed).toBe(false);
  });
});
