import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { readJsonBody } from "@/lib/http/read-json-body";

const saved = { ...process.env };
beforeEach(() => {
  process.env.PALESTRA_MAX_BODY_BYTES = "2048";
  process.env.BETTER_AUTH_SECRET = "s".repeat(40);
  resetEnvForTests();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

/** A body sent in chunks without a length, as a chunked upload arrives; counts how many chunks were pulled. */
function chunkedRequest(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  const request = new Request("http://localhost/api/v1/chat", { method: "POST", body, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("readJsonBody", () => {
  it("parses a body within PALESTRA_MAX_BODY_BYTES", async () => {
    const result = await readJsonBody(new Request("http://localhost/", { method: "POST", body: JSON.stringify({ message: "hi" }) }));
    expect(result).toEqual({ ok: true, value: { message: "hi" } });
  });

  it("refuses a declared length over the cap with 413 problem+json without reading", async () => {
    const result = await readJsonBody(new Request("http://localhost/", { method: "POST", body: "{}", headers: { "content-length": "4096" } }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.response.status).toBe(413);
      expect(await result.response.json()).toMatchObject({ type: "https://palestra.dev/problems/payload_too_large" });
    }
  });

  it("stops reading a chunked body as soon as it passes the cap", async () => {
    const { request, pulled } = chunkedRequest(1_000, 1024);
    const result = await readJsonBody(request);
    expect(result.ok === false && result.response.status).toBe(413);
    expect(pulled()).toBeLessThan(10);
  });

  it("answers 400 invalid_body for text that is not JSON", async () => {
    const result = await readJsonBody(new Request("http://localhost/", { method: "POST", body: "{not json" }));
    expect(result.ok === false && result.response.status).toBe(400);
  });
});
