// GET /api/metrics: behind METRICS_TOKEN; without one, a 404 (like a route that is not there) unless the operator opts
// in with METRICS_PUBLIC=1.
import { afterEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/metrics/route";
import { resetEnvForTests } from "@/lib/env";

const saved = { ...process.env };

function withEnvironment(values: Record<string, string | undefined>): void {
  process.env = { ...saved, BETTER_AUTH_SECRET: "s".repeat(40), DATABASE_PATH: ":memory:", METRICS_TOKEN: undefined, METRICS_PUBLIC: undefined, ...values };
  resetEnvForTests();
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

const scrape = (headers: Record<string, string> = {}) => GET(new Request("http://localhost:3000/api/metrics", { headers }), undefined);

describe("GET /api/metrics", () => {
  it("answers 404 problem+json without METRICS_TOKEN, and METRICS_PUBLIC off or unset", async () => {
    for (const flag of [undefined, "0", "off"]) {
      withEnvironment({ METRICS_PUBLIC: flag });
      const response = await scrape();
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toMatchObject({ type: "https://palestra.dev/problems/not_found", status: 404 });
    }
  });

  it("serves the counters to anyone with METRICS_PUBLIC=1 and no token", async () => {
    withEnvironment({ METRICS_PUBLIC: "1" });
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("palestra_turns_total");
  });

  it("asks for the token when METRICS_TOKEN is set, METRICS_PUBLIC or not", async () => {
    withEnvironment({ METRICS_TOKEN: "metrics-secret", METRICS_PUBLIC: "1" });
    expect((await scrape()).status).toBe(401);
    expect((await scrape({ authorization: "Bearer metrics-secret" })).status).toBe(200);
  });
});
