// The OpenAI event-stream reader does with events what the SDK's own iterator does: the [DONE] marker ends them, an
// `error` payload is an APIError without a status, and a callback that throws cancels the body.
import { APIError } from "openai";
import { describe, expect, it } from "vitest";
import { classifyOpenAIError } from "@/lib/agent/providers/classify-openai-error";
import { readOpenAIEventStream } from "@/lib/agent/providers/read-openai-event-stream";

/** A streamed response whose body gives `pieces` as bytes, cut where they are cut; `cancelled` says if it was cancelled. */
function streamedResponse(pieces: string[]): { response: Response; cancelled: () => boolean } {
  let cancelled = false;
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < pieces.length) controller.enqueue(encoder.encode(pieces[index++]));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(body, { headers: { "content-type": "text/event-stream" } }), cancelled: () => cancelled };
}

async function collect(pieces: string[]): Promise<unknown[]> {
  const seen: unknown[] = [];
  await readOpenAIEventStream(streamedResponse(pieces).response, (data) => seen.push(data));
  return seen;
}

describe("readOpenAIEventStream", () => {
  it("parses each event's JSON in order, from bytes cut inside a line and inside a character", async () => {
    const bytes = new TextEncoder().encode('data: {"delta":"Olá"}\n\nevent: response.completed\ndata: {"type":"response.completed"}\n\n');
    const insideÁ = bytes.indexOf(0xc3) + 1;
    const chunks = [bytes.slice(0, 9), bytes.slice(9, insideÁ), bytes.slice(insideÁ)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const seen: unknown[] = [];
    await readOpenAIEventStream(new Response(body), (data) => seen.push(data));
    expect(seen).toEqual([{ delta: "Olá" }, { type: "response.completed" }]);
  });

  it("passes over, unparsed, events named outside namedEvents, and still parses unnamed ones", async () => {
    const seen: unknown[] = [];
    const { response } = streamedResponse([
      "event: response.created\ndata: {not parsed, so not an error\n\n",
      'event: response.output_text.delta\ndata: {"delta":"Hi"}\n\n',
      'data: {"unnamed":true}\n\n',
    ]);
    await readOpenAIEventStream(response, (data) => seen.push(data), { namedEvents: new Set(["response.output_text.delta"]) });
    expect(seen).toEqual([{ delta: "Hi" }, { unnamed: true }]);
  });

  it("ignores everything after [DONE]", async () => {
    expect(await collect(['data: {"n":1}\n\ndata: [DONE]\n\ndata: {"n":2}\n\n'])).toEqual([{ n: 1 }]);
  });

  it("throws an error payload as the SDK does: an APIError without a status, so a broken stream", async () => {
    const failure = await collect(['data: {"n":1}\n\n', 'data: {"error":{"message":"The server had an error.","type":"server_error"}}\n\n']).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toMatchObject({ status: undefined, message: "The server had an error." });
    expect(classifyOpenAIError(failure)).toMatchObject({ kind: "stream", status: undefined, message: "The server had an error." });
  });

  it("throws on data that is not JSON", async () => {
    await expect(collect(["data: {not json\n\n"])).rejects.toBeInstanceOf(SyntaxError);
  });

  it("cancels the body when the callback throws, and hands its error on", async () => {
    const { response, cancelled } = streamedResponse(['data: {"n":1}\n\n', 'data: {"n":2}\n\n', 'data: {"n":3}\n\n']);
    const local = new Error("the callback failed");
    const seen: unknown[] = [];
    const failure = await readOpenAIEventStream(response, (data) => {
      seen.push(data);
      throw local;
    }).catch((error: unknown) => error);
    expect(failure).toBe(local);
    expect(seen).toEqual([{ n: 1 }]);
    expect(cancelled()).toBe(true);
  });

  it("does not cancel a body it read to the end", async () => {
    const { response, cancelled } = streamedResponse(['data: {"n":1}\n\n']);
    await readOpenAIEventStream(response, () => {});
    expect(cancelled()).toBe(false);
  });
});
