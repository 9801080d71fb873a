// The page's listing of every record, under the user's QA read faults and the same bounded retries as the Coach's
// read tools: a read that still fails is reported as unreadable, never shown as "no records".
import "server-only";
import { READ_BUDGET_MS, withReadRetries } from "@/lib/agent/tools/with-read-retries";
import type { MeasurementRecord } from "@/lib/measurements/fields";
import { readAllMeasurements } from "@/lib/measurements/read-measurements";
import type { RequestScope } from "@/lib/scope/request-scope";

export type PageRecords = { ok: true; records: MeasurementRecord[] } | { ok: false; attempts: number };

/** A non-transient storage error is not retried and escapes, as in the API (there: a 500; here: the error page). */
export async function readPageRecords(options: Pick<RequestScope, "store" | "userId" | "faults">): Promise<PageRecords> {
  const read = await withReadRetries({ read: () => readAllMeasurements(options), signal: AbortSignal.timeout(READ_BUDGET_MS), onAttempt: () => {} });
  return read.ok ? { ok: true, records: read.value } : { ok: false, attempts: read.attempts };
}
