// Anthropic only: its SDK's errors are classified by class and by where they came from (sending or reading the stream).
// The failures every adapter shares are tests/agent/providers/provider-failures.test.ts.
import { APIConnectionError, APIConnectionTimeoutError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { classifyAnthropicError } from "@/lib/agent/providers/anthropic-messages/classify-anthropic-error";

describe("classifyAnthropicError", () => {
  it("classifies the SDK's timeout and connection errors by class, and leaves a local error alone", () => {
    expect(classifyAnthropicError(new APIConnectionTimeoutError(), "request")).toMatchObject({ kind: "timeout" });
    expect(classifyAnthropicError(new APIConnectionError({ message: "request timed out" }), "request")).toMatchObject({ kind: "unavailable" });
    const local = new TypeError("network timeout while building params");
    expect(classifyAnthropicError(local, "request")).toBe(local);
    expect(classifyAnthropicError(local, "stream")).toMatchObject({ kind: "stream" });
  });
});
