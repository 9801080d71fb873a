// paceResponse on a controlled clock: when each piece of an answer goes out.
import type { ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paceResponse } from "@/scripts/fake-provider/pace-response";
import { sendJson, startEventStream, writeEvent } from "@/scripts/fake-provider/sse";

const pacing = { firstByteMs: 1_500, streamMs: 1_000 };

type Sent = { at: number; what: string };

/** The parts of a ServerResponse the routes use, logging the clock time of each call. */
function createRecordingResponse(): { response: ServerResponse; sent: Sent[] } {
  const sent: Sent[] = [];
  const log = (what: string) => sent.push({ at: performance.now(), what });
  const response = {
    destroyed: false,
    writeHead(status: number) {
      log(`head ${status}`);
      return response;
    },
    write(chunk: string) {
      log(`write ${chunk.length}`);
      return true;
    },
    end(chunk?: string) {
      log(chunk === undefined ? "end" : `end ${chunk.length}`);
      return response;
    },
  };
  return { response: response as unknown as ServerResponse, sent };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("paceResponse", () => {
  it("sends an event stream's head and first event after firstByteMs, the rest evenly over streamMs, and ends at their sum", async () => {
    const { response, sent } = createRecordingResponse();
    const paced = paceResponse(response, { pacing, arrivedAt: performance.now() });
    startEventStream(response);
    for (let index = 0; index < 5; index += 1) writeEvent(response, { data: { index } });
    response.end();
    expect(sent).toEqual([]);
    const released = paced.release();
    await vi.runAllTimersAsync();
    await released;
    expect(sent.map(({ at, what }) => [at, what.split(" ")[0]])).toEqual([
      [1_500, "head"],
      [1_500, "write"],
      [1_750, "write"],
      [2_000, "write"],
      [2_250, "write"],
      [2_500, "write"],
      [2_500, "end"],
    ]);
  });

  it("counts from the request's arrival, so time the route took is not added on top", async () => {
    const { response, sent } = createRecordingResponse();
    const arrivedAt = performance.now();
    vi.advanceTimersByTime(400);
    const paced = paceResponse(response, { pacing, arrivedAt });
    startEventStream(response);
    writeEvent(response, { data: "only" });
    response.end();
    const released = paced.release();
    await vi.runAllTimersAsync();
    await released;
    expect(sent.map(({ at }) => at)).toEqual([1_500, 1_500, 2_500]);
  });

  it("sends a JSON answer whole at firstByteMs + streamMs", async () => {
    const { response, sent } = createRecordingResponse();
    const paced = paceResponse(response, { pacing, arrivedAt: performance.now() });
    sendJson(response, 200, { ok: true });
    const released = paced.release();
    await vi.runAllTimersAsync();
    await released;
    expect(sent.map(({ at, what }) => [at, what.split(" ")[0]])).toEqual([
      [2_500, "head"],
      [2_500, "write"],
      [2_500, "end"],
    ]);
  });

  it("sends an error answer at once", async () => {
    const { response, sent } = createRecordingResponse();
    const paced = paceResponse(response, { pacing, arrivedAt: performance.now() });
    sendJson(response, 400, { error: { message: "bad" } });
    await paced.release();
    expect(sent.map(({ at, what }) => [at, what.split(" ")[0]])).toEqual([
      [0, "head"],
      [0, "write"],
      [0, "end"],
    ]);
  });

  it("stops writing once the client has gone away", async () => {
    const { response, sent } = createRecordingResponse();
    const paced = paceResponse(response, { pacing, arrivedAt: performance.now() });
    startEventStream(response);
    for (let index = 0; index < 5; index += 1) writeEvent(response, { data: { index } });
    response.end();
    const released = paced.release();
    await vi.advanceTimersByTimeAsync(1_800);
    (response as { destroyed: boolean }).destroyed = true;
    await vi.runAllTimersAsync();
    await released;
    expect(sent.map(({ what }) => what.split(" ")[0])).toEqual(["head", "write", "write"]);
  });
});
