// The days the worker found, sent through POST /api/v1/measurements/import as Palestra JSON in batches, each well
// under the body limit and under its own Idempotency-Key made once: a batch whose answer was lost is sent again with
// the same key and replays. However large the file, no request is larger than a batch.
import { createIdempotencyKey } from "@/lib/create-idempotency-key";
import type { Locale } from "@/lib/i18n/locale";
import { importRowOfDay, type DayRow } from "@/lib/measurements/import/collect-days";
import { postImport, type ImportAnswer, type ImportSummary } from "./post-import";

export const DAYS_PER_BATCH = 200;
/** A batch fills at most this share of the instance's body limit (PALESTRA_MAX_BODY_BYTES), so no file meets the limit. */
export const BATCH_SHARE_OF_LIMIT = 0.5;
const ATTEMPTS = 3;
const ENVELOPE_BYTES = '{"records":[]}'.length;

export type ImportBatch = { key: string; body: string };

/** The days as batches of Palestra JSON, each of at most DAYS_PER_BATCH days and half the body limit in UTF-8 bytes
 * (a day that alone is larger goes alone, and the server's 413 says so). */
export function batchesOf(rows: readonly DayRow[], options: { maxBytes: number }): ImportBatch[] {
  const budget = Math.floor(options.maxBytes * BATCH_SHARE_OF_LIMIT);
  const encoder = new TextEncoder();
  const batches: ImportBatch[] = [];
  let records: string[] = [];
  let bytes = ENVELOPE_BYTES;
  const close = () => {
    if (records.length > 0) batches.push({ key: createIdempotencyKey(), body: `{"records":[${records.join(",")}]}` });
    records = [];
    bytes = ENVELOPE_BYTES;
  };
  for (const day of rows) {
    // Each value keeps where it came from (the app, the number and unit the file held), stored with it.
    const { date, values, provenance } = importRowOfDay(day);
    const record = JSON.stringify({ date, values, provenance });
    const size = encoder.encode(record).length;
    // The comma before every record but a batch's first.
    if (records.length > 0 && (records.length >= DAYS_PER_BATCH || bytes + 1 + size > budget)) close();
    bytes += size + (records.length > 0 ? 1 : 0);
    records.push(record);
  }
  close();
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
  /** Told before each batch is sent (its index), for the progress line. */
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
