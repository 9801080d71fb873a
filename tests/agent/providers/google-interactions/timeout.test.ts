// A model request that outlives PROVIDER_TIMEOUT_MS is a ProviderError of kind timeout. The timeout is shortened here
// so the test runs in seconds; everything else is the real path.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGoogleInteractionsProvider } from "@/lib/agent/providers/google-interactions/create-google-interactions-provider";
import { PROVIDER_TIMEOUT_MS } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";

vi.mock("@/lib/agent/providers/types", async (importOriginal) => ({ ...(await importOriginal<object>()), PROVIDER_TIMEOUT_MS: 150 }));

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({ decide: () => ({ text: "Too late.", toolCalls: [] }) });
});
afterAll(async () => {
  await server.close();
});

describe("Google request timeout", () => {
  it("is a ProviderError of kind timeout, and the expired call sends no further attempts", async () => {
    expect(PROVIDER_TIMEOUT_MS).toBe(150);
    await fetch(`${server.url}/_fail`, { method: "POST", body: JSON.stringify({ status: 500, count: 10, path: "/v1beta/interactions", delayMs: 1_000 }) });
    const provider = createGoogleInteractionsProvider({ apiKey: "test-key", baseUrl: server.url, model: "gemini-test" });
    await expect(provider.generate({ system: "Coach.", history: [{ type: "user", text: "Hi" }], tools: [], locale: "en" })).rejects.toMatchObject({
      name: "ProviderError",
      kind: "timeout",
      status: undefined,
    });
    // The timeout bounds the whole call: retries after it has fired fail before reaching the server.
    expect(server.requests).toHaveLength(1);
  });
});
