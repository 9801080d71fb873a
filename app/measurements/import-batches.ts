// The days the worker found, sent through POST /api/v1/measurements/import as Palestra JSON in batches, each under its
// own Idempotency-Key made once: a batch whose answer was lost is sent again with the same key and replays.
import { createIdempotencyKey } from "@/lib/create-idempotency-key";
import type { Locale } from "@/lib/i18n/locale";
import { importRowOfDay, type DayRow } from "@/lib/measurements/import/collect-days";
import { postImport, type ImportAnswer, type ImportSummary } from "./post-import";

export const DAYS_PER_BATCH = 200;
const ATTEMPTS = 3;

export type ImportBatch = { key: string; body: string };

export function batchesOf(rows: readonly DayRow[]): ImportBatch[] {
  const batches: ImportBatch[] = [];
  for (let start = 0; start < rows.length; start += DAYS_PER_BATCH) {
    // Each value keeps where it came from (the app, the number and unit the file held), stored with it.
    const records = rows.slice(start, start + DAYS_PER_BATCH).map((day) => {
      const { date, values, provenance } = importRowOfDay(day);
      return { date, values, provenance };
    });
    batches.push({ key: createIdempotencyKey(), body: JSON.stringify({ records }) });
  }
  return batches;
}

const addSummaries = (total: ImportSummary, next: ImportSummary): ImportSummary => ({
  created: total.created + next.created,
  updated: total.updated + next.updated,
  unchanged: total.unchanged + next.unchanged,
  conflicts: [...total.conflicts, ...next.conflicts],
});
const empty: ImportSummary = { created: 0, updated: 0, unchanged: 0, conflicts: [] };

/** Only an answer that may not have been the server's last word is worth the same request again. */
const mayRetry = (answer: ImportAnswer) => answer.kind === "failed" && (answer.status === "network" || answer.status === 409 || Number(answer.status) >= 500);

/** Every batch in turn (a dry run needs no key); the first answer that is not a summary stops the rest. */
export async function sendBatches(options: {
  batches: readonly ImportBatch[];
  locale: Locale;
  dryRun: boolean;
  replace: boolean;
  onBatch?: (index: number) => void;
}): Promise<ImportAnswer> {
  let total = empty;
  for (const [index, batch] of options.batches.entries()) {
    options.onBatch?.(index);
    let answer: ImportAnswer = { kind: "failed", status: "network" };
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      answer = await postImport({
        body: batch.body,
        format: "json",
        locale: options.locale,
        dryRun: options.dryRun,
        replace: options.replace,
        ...(options.dryRun ? {} : { idempotencyKey: batch.key }),
      });
      if (!mayRetry(answer)) break;
    }
    if (answer.kind !== "summary") return answer;
    total = addSummaries(total, answer.summary);
  }
  return { kind: "summary", summary: total };
}
