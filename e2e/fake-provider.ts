// The fake model provider's control routes: its request log (to count model requests), failure injection and scripted
// responses.
import { expect, request as playwrightRequest } from "@playwright/test";
import { servers } from "./servers";

type RecordedRequest = { path: string; status?: number; body: unknown };

/** A model response to give instead of the offline brain's: text and/or tool calls (arguments as JSON text). */
export type ScriptedResponse = { text?: string; toolCalls?: { callId: string; name: string; arguments: string }[] };

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

  /** Forgets logged requests, armed failures and unused scripted responses, so a spec counts only its own. */
  async reset(): Promise<void> {
    await this.call("DELETE", "/_requests");
    await this.call("DELETE", "/_fail");
    await this.call("DELETE", "/_script");
  }

  /** Makes the next model requests (any route) answer these responses, in order; the offline brain answers after. */
  async script(responses: ScriptedResponse[]): Promise<void> {
    await this.call("POST", "/_script", { responses });
  }

  /** Makes the next `count` model requests (on `path`, or any model route) answer `status`. */
  async fail(options: { status: number; count: number; path?: string }): Promise<void> {
    await this.call("POST", "/_fail", options);
  }
}
