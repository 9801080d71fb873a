// The fake model provider's control routes: its request log (to count model requests) and failure injection.
import { expect, request as playwrightRequest } from "@playwright/test";
import { servers } from "./servers";

type RecordedRequest = { path: string; status?: number; body: unknown };

export class FakeProvider {
  readonly url = servers.fakeProviderUrl;

  private async call(method: "GET" | "DELETE" | "POST", path: string, data?: unknown): Promise<unknown> {
    const context = await playwrightRequest.newContext();
    try {
      const response = await context.fetch(`${this.url}${path}`, { method, data });
      expect(response.status(), `${method} ${path}`).toBe(200);
      return await response.json();
    } finally {
      await context.dispose();
    }
  }

  /** The model requests answered since the last reset (control routes are not logged). */
  async requests(): Promise<RecordedRequest[]> {
    const body = (await this.call("GET", "/_requests")) as { requests: RecordedRequest[] };
    return body.requests;
  }

  /** Forgets logged requests and armed failures, so a spec counts only its own. */
  async reset(): Promise<void> {
    await this.call("DELETE", "/_requests");
    await this.call("DELETE", "/_fail");
  }

  /** Makes the next `count` model requests (on `path`, or any model route) answer `status`. */
  async fail(options: { status: number; count: number; path?: string }): Promise<void> {
    await this.call("POST", "/_fail", options);
  }
}
