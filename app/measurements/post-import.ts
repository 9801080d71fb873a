// The page's calls to POST /api/v1/measurements/import (the API's own rules: the preview is its dry run, the import
// is keyed), read into what the import panel shows.
import type { Locale } from "@/lib/i18n/locale";

export type ImportSide = { values: Record<string, number>; note: string | null };
export type ImportSummary = {
  created: number;
  updated: number;
  unchanged: number;
  conflicts: Array<{ date: string; stored: ImportSide; proposed: ImportSide }>;
  readings?: { found: number; duplicates: number; days_merged: Array<{ date: string; readings: number }> };
};
export type ImportAnswer =
  | { kind: "summary"; summary: ImportSummary }
  | { kind: "invalid"; errors: Array<{ row: number; detail: string }> }
  | { kind: "too_large" }
  | { kind: "failed"; status: number | string };

export async function postImport(options: {
  /** Palestra's own file (csv or json), or a batch of another app's days as Palestra JSON. */
  body: string;
  format: "csv" | "json";
  locale: Locale;
  dryRun: boolean;
  replace: boolean;
  idempotencyKey?: string;
}): Promise<ImportAnswer> {
  const query = new URLSearchParams({
    replace: String(options.replace),
    ...(options.dryRun ? { dry_run: "true" } : {}),
  });
  let response: Response;
  try {
    response = await fetch(`/api/v1/measurements/import?${query}`, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "content-type": options.format === "csv" ? "text/csv" : "application/json",
        // The row messages come in the page's language, and "future" is judged in the person's own time zone.
        "accept-language": options.locale,
        "time-zone": Intl.DateTimeFormat().resolvedOptions().timeZone,
        ...(options.idempotencyKey ? { "idempotency-key": `"${options.idempotencyKey}"` } : {}),
      },
      body: options.body,
    });
  } catch {
    return { kind: "failed", status: "network" };
  }
  const payload = (await response.json().catch(() => null)) as (ImportSummary & { errors?: Array<{ row: number; detail: string }> }) | null;
  if (response.ok && payload) return { kind: "summary", summary: payload };
  if (response.status === 413) return { kind: "too_large" };
  if (response.status === 422 && Array.isArray(payload?.errors)) return { kind: "invalid", errors: payload.errors };
  return { kind: "failed", status: response.status };
}
