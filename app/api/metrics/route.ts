// GET /api/metrics: the process's Prometheus counters and histograms; behind METRICS_TOKEN. Without a token it is
// served only when the operator opts in (METRICS_PUBLIC=1); otherwise it answers 404, like a route that is not there.
import crypto from "node:crypto";
import { getEnv } from "@/lib/env";
import { apiNotFound } from "@/lib/http/api-not-found";
import { apiRoute } from "@/lib/http/api-route";
import { problemResponse } from "@/lib/http/problem";
import { getMetrics } from "@/lib/observability/metrics";

/** Constant-time comparison of the presented bearer token with the configured one. */
function presentsToken(request: Request, token: string): boolean {
  const match = /^bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "");
  const expected = crypto.createHash("sha256").update(token).digest();
  const presented = crypto
    .createHash("sha256")
    .update(match?.[1]?.trim() ?? "")
    .digest();
  return match !== null && crypto.timingSafeEqual(expected, presented);
}

export const GET = apiRoute("GET /api/metrics", async (request: Request) => {
  const env = getEnv();
  const token = env.METRICS_TOKEN;
  if (!token && !env.metricsPublic) {
    return apiNotFound();
  }
  if (token && !presentsToken(request, token)) {
    return problemResponse({
      slug: "unauthorized",
      detail: "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.",
      headers: { "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  const { registry } = getMetrics();
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
});
