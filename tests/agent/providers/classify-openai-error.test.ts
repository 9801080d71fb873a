import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { describe, expect, it } from "vitest";
import { classifyOpenAIError, rethrowOpenAIFailure } from "@/lib/agent/providers/classify-openai-error";
import { ProviderError } from "@/lib/agent/providers/types";

function statusError(status: number, message = "Injected") {
  // APIError.generate is what the SDK itself calls for a non-2xx response.
  return APIError.generate(status, { error: { message } }, undefined, new Headers());
}

describe("classifyOpenAIError", () => {
  it.each([
    [401, "auth"],
    [403, "auth"],
    [429, "rate_limited"],
    [503, "overloaded"],
    [529, "overloaded"],
    [500, "unavailable"],
    [502, "unavailable"],
    [504, "unavailable"],
    [400, "bad_request"],
    [404, "bad_request"],
    [422, "bad_request"],
  ] as const)("maps HTTP %i to %s and keeps the status", (status, kind) => {
    const error = statusError(status);
    expect(classifyOpenAIError(error)).toMatchObject({ name: "ProviderError", kind, status, cause: error });
  });

  it("maps an SDK timeout to timeout and a connection failure to unavailable", () => {
    expect(classifyOpenAIError(new APIConnectionTimeoutError())).toMatchObject({ kind: "timeout", status: undefined });
    expect(classifyOpenAIError(new APIConnectionError({ message: "Connection error." }))).toMatchObject({ kind: "unavailable", status: undefined });
  });

  it("never reads the message: a 500 saying 'rate limit' stays unavailable, a connection error saying 'timeout' stays unavailable", () => {
    expect(classifyOpenAIError(statusError(500, "rate limit exceeded, overloaded"))).toMatchObject({ kind: "unavailable" });
    expect(classifyOpenAIError(new APIConnectionError({ message: "network timeout" }))).toMatchObject({ kind: "unavailable" });
  });

  it("maps an error payload inside the stream (an APIError without a status) and a cut stream to stream", () => {
    expect(classifyOpenAIError(new APIError(undefined, { message: "boom" }, undefined, undefined))).toMatchObject({ kind: "stream" });
    expect(classifyOpenAIError(new TypeError("terminated"))).toMatchObject({ kind: "stream" });
  });

  it("passes a ProviderError through unchanged", () => {
    const error = new ProviderError({ kind: "stream", message: "The response failed." });
    expect(classifyOpenAIError(error)).toBe(error);
  });
});

describe("rethrowOpenAIFailure", () => {
  it("hands back the signal's reason when our own signal aborted, whatever the SDK threw", () => {
    const controller = new AbortController();
    controller.abort();
    expect(() => rethrowOpenAIFailure(statusError(500), controller.signal)).toThrow(controller.signal.reason as Error);
  });

  it("throws a ProviderError otherwise", () => {
    expect(() => rethrowOpenAIFailure(statusError(429), new AbortController().signal)).toThrow(ProviderError);
  });
});
