// What one request of a signed-in person carries down to the domain and the loop, built in one place for pages,
// server actions, API routes and the chat: the store, who and where they are, the trace id, their QA storage faults,
// and the tool deadline.
import "server-only";
import { getEnv } from "@/lib/env";
import { createStorageFaults, type StorageFaults } from "@/lib/faults/storage-faults";
import type { Locale } from "@/lib/i18n/locale";
import { todayForTimeZone } from "@/lib/measurements/dates";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { newTraceId } from "@/lib/observability/trace-id";
import type { Store } from "@/lib/store/store";
import { getStore } from "./get-store";

export type RequestScope = {
  store: Store;
  userId: string;
  /** The person's unit preference: how values are shown and what a number without a unit means. */
  unitSystem: UnitSystem;
  locale: Locale;
  /** The person's calendar date (from their time zone; the server's when unknown). */
  today: string;
  traceId: string;
  /** The person's armed QA storage faults (none unless QA is enabled). */
  faults: StorageFaults;
  /** PALESTRA_TOOL_TIMEOUT_MS: the deadline of one storage operation of a tool, a save of the page or of the API. */
  toolTimeoutMs: number;
};

export function createRequestScope(options: {
  user: { id: string; units: UnitSystem };
  locale: Locale;
  /** The person's IANA time zone (the browser's, or the API client's Time-Zone header). */
  timeZone?: string;
  /** The person's today when the caller has already worked it out (a validated Time-Zone header). */
  today?: string;
  /** Tests and drills pass their own; the process-wide store otherwise. */
  store?: Store;
}): RequestScope {
  const env = getEnv();
  const store = options.store ?? getStore();
  const userId = options.user.id;
  return {
    store,
    userId,
    unitSystem: options.user.units,
    locale: options.locale,
    today: options.today ?? todayForTimeZone(options.timeZone),
    traceId: newTraceId(),
    faults: createStorageFaults({ store, userId, enabled: env.qaEnabled }),
    toolTimeoutMs: env.PALESTRA_TOOL_TIMEOUT_MS,
  };
}
