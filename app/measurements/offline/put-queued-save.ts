// One waiting save sent as the API's keyed write: PUT /api/v1/measurements/{date} with its Idempotency-Key, in the
// page's language (the server words its refusals in it). The session cookie authenticates it, as it does the page.
import type { Locale } from "@/lib/i18n/locale";
import type { QueuedSave } from "./queued-save";
import type { SendAnswer } from "./send-queued-measurements";

/** Problems the same request may clear later: the store failed or is busy, the key's first request still runs. */
const RETRY_LATER = new Set(["write_failed", "outcome_unknown", "unavailable", "not_ready", "idempotency_key_in_flight", "rate_limited", "internal"]);

function slugOf(problem: { type?: unknown }): string {
  return typeof problem.type === "string" ? (problem.type.split("/").at(-1) ?? "") : "";
}

export async function putQueuedSave(save: QueuedSave, locale: Locale): Promise<SendAnswer> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`/api/v1/measurements/${encodeURIComponent(save.date)}`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        "idempotency-key": save.idempotencyKey,
        "time-zone": save.timeZone,
        "accept-language": locale,
      },
      body: JSON.stringify(save.body),
      cache: "no-store",
    });
    // A body cut off after the status line is a lost answer too.
    body = await response.json().catch(() => null);
    if (response.ok) return { kind: "stored" };
  } catch {
    return { kind: "network_error" };
  }
  const problem = (body ?? {}) as { type?: unknown; detail?: unknown };
  const code = slugOf(problem);
  // Signed out (or the session ended): keep the save; it is sent once the person is signed in again.
  if (response.status === 401 || RETRY_LATER.has(code) || response.status >= 500) return { kind: "retry_later" };
  const detail = typeof problem.detail === "string" ? problem.detail : response.statusText;
  return { kind: "refused", refusal: { status: response.status, code: code || String(response.status), detail } };
}
