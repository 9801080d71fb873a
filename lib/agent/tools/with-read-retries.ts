// Bounded retries for reads, inside the tool: 3 attempts and a 2 s budget, exponential backoff with jitter.
import { isTransientStorageError } from "@/lib/faults/storage-errors";

export const READ_MAX_ATTEMPTS = 3;
export const READ_BUDGET_MS = 2_000;
const BASE_BACKOFF_MS = 40;

export type ReadAttemptResult<T> = { ok: true; value: T; attempts: number } | { ok: false; attempts: number; lastError: unknown };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Runs `read` until it succeeds, a non-transient error escapes (rethrown: the dispatcher classifies it), the attempts
 * run out or the next backoff would pass the budget. Transience is decided by the error's type and code, never its text.
 */
export async function withReadRetries<T>(options: {
  read: () => Promise<T>;
  signal: AbortSignal;
  onAttempt: () => void;
  now?: () => number;
  random?: () => number;
}): Promise<ReadAttemptResult<T>> {
  const { read, signal, onAttempt, now = Date.now, random = Math.random } = options;
  const startedAt = now();
  let lastError: unknown;
  for (let attempt = 1; attempt <= READ_MAX_ATTEMPTS; attempt += 1) {
    onAttempt();
    try {
      return { ok: true, value: await read(), attempts: attempt };
    } catch (error) {
      if (!isTransientStorageError(error)) throw error;
      lastError = error;
    }
    if (attempt === READ_MAX_ATTEMPTS || signal.aborted) return { ok: false, attempts: attempt, lastError };
    const backoff = BASE_BACKOFF_MS * 2 ** (attempt - 1) + Math.floor(random() * BASE_BACKOFF_MS);
    if (now() - startedAt + backoff > READ_BUDGET_MS) return { ok: false, attempts: attempt, lastError };
    await sleep(backoff, signal);
  }
  return { ok: false, attempts: READ_MAX_ATTEMPTS, lastError };
}
