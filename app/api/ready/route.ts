// GET /api/ready: 200 when the database answers and its migrations are current, 503 problem+json otherwise.
import { problemResponse } from "@/lib/http/problem";
import { checkReadiness } from "@/lib/operations/check-readiness";

// Run on every request, as a real readiness check must (never a build-time snapshot).
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  if (readiness.ready) return Response.json({ ready: true }, { headers: { "cache-control": "no-store" } });
  return problemResponse({ slug: "not_ready", detail: readiness.reason, headers: { "cache-control": "no-store", "retry-after": "5" } });
}
