// A model request that outlives PROVIDER_TIMEOUT_MS is a ProviderError of kind timeout, on every wire adapter. The
// timeout is shortened here (600 ms: long enough for a loaded machine to reach the server) so the test runs in
// seconds; everything else is the real path.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PROVIDER_TIMEOUT_MS } from "@/lib/agent/providers/types";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import { wireAdapters } from "./wire-adapters";

vi.mock("@/lib/agent/providers/types", async (importOriginal) => ({ ...(await importOriginal<object>()), PROVIDER_TIMEOUT_MS: 600 }));

describe.each(wireAdapters)("$name request timeout", (adapter) => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer({ decide: () => ({ text: "Too late.", toolCalls: [] }) });
  });
  afterAll(async () => {
    await server.close();
  });

  it("is a ProviderError of kind timeout, after the attempts the adapter makes and no more", async () => {
    expect(PROVIDER_TIMEOUT_MS).toBe(600);
    await fetch(`${server.url}/_fail`, { method: "POST", body: JSON.stringify({ status: 500, count: 10, path: adapter.path, delayMs: 3_000 }) });
    const provider = adapter.create(server.url);
    await expect(provider.generate({ system: "Coach.", history: [{ type: "user", text: "Hi" }], tools: [], locale: "en" })).rejects.toMatchObject({
      name: "ProviderError",
      kind: "timeout",
      status: undefined,
    });
    expect(server.requests).toHaveLength(adapter.timedOutRequests);
  });
});
