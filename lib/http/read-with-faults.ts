// A storage read for the API with the same bounded retries as the Coach's read tools, and the user's QA faults applied.
import "server-only";
import { READ_BUDGET_MS, withReadRetries, type ReadAttemptResult } from "@/lib/agent/tools/with-read-retries";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import type { StorageFaults } from "@/lib/faults/storage-faults";
import type { Locale } from "@/lib/i18n/locale";
import { problemResponse } from "./problem";

/** `faults`: the request scope's (the user's QA faults when QA is enabled). */
export async function readWithFaults<T>(options: { faults: StorageFaults; read: (faults: StorageFaults) => Promise<T> }): Promise<ReadAttemptResult<T>> {
  return withReadRetries({ read: () => options.read(options.faults), signal: AbortSignal.timeout(READ_BUDGET_MS), onAttempt: () => {} });
}

/** 503: the data is unknown right now, which is never reported as "no record". */
export function unavailableResponse(options: { scope: string; attempts: number; locale: Locale }): Response {
  return problemResponse({
    slug: "unavailable",
    detail: toolErrorMessages[options.locale].unavailableRead({ scope: options.scope, attempts: options.attempts }),
    extensions: { attempts: options.attempts },
    headers: { "retry-after": "1" },
  });
}
