// GET /api/health: a liveness answer that touches nothing (no session, no database); the bench's framework ceiling.

// Run on every request, as a real health check must (never a build-time snapshot).
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}
