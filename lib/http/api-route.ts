// Wraps a route handler so an unexpected exception becomes a 500 problem with a trace id (the exception goes to the log only).
import "server-only";
import { logEvent } from "@/lib/observability/logger";
import { newTraceId } from "@/lib/observability/trace-id";
import { problemResponse } from "./problem";

/** `route` names the route pattern for the log ("PUT /api/v1/measurements/:date"), never the concrete URL. */
export function apiRoute<Context>(route: string, handler: (request: Request, context: Context) => Promise<Response>) {
  return async (request: Request, context: Context): Promise<Response> => {
    try {
      return await handler(request, context);
    } catch (error) {
      const traceId = newTraceId();
      logEvent("error", "api-route-failed", { trace_id: traceId, route, error });
      return problemResponse({
        slug: "internal",
        detail: "The request failed unexpectedly. It was logged under this trace id.",
        extensions: { trace_id: traceId },
      });
    }
  };
}
