// A model request that outlives PROVIDER_TIMEOUT_MS is a ProviderError of kind timeout, after the SDK's bounded
// retries. The timeout is shortened here so the test runs in seconds; everything else is the real path.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAnthropicMessagesProvider } from "@/lib/agent/providers/anthropic-messages/create-anthropic-messages-provider";
import { PROVIDER_MAX_RETRIES, PROVIDER_TIMEOUT_MS } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";

vi.mock("@/lib/agent/providers/types", async (importOriginal) => ({ ...(await importOriginal<object>()), PROVIDER_TIMEOUT_MS: 150 }));

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({ decide: () => ({ text: "Too late.", toolCalls: [] }) });
});
afterAll(async () => {
  await server.close();
});

describe("Anthropic request timeout", () => {
  it("is a ProviderError of kind timeout once every bounded attempt has timed out", async () => {
    expect(PROVIDER_TIMEOUT_MS).toBe(150);
    await fetch(`${server.url}/_fail`, { method: "POST", body: JSON.stringify({ status: 500, count: 10, path: "/v1/messages", delayMs: 1_000 }) });
    const provider = createAnthropicMessagesProvider({ apiKey: "test-key", baseURL: server.url, model: "claude-test" });
    await expect(provider.generate({ system: "Coach.", history: [{ type: "user", text: "Hi" }], tools: [], locale: "en" })).rejects.toMatchObject({
      name: "ProviderError",
      kind: "timeout",
      status: undefined,
    });
    expect(server.requests).toHaveLength(1 + PROVIDER_MAX_RETRIES);
  });
});
