// Error classes the storage layer throws for injected faults; retry decisions read their type, never their text.

/** A read attempt failed in a way that may succeed on the next attempt. */
export class TransientStorageError extends Error {
  constructor(message = "storage temporarily unavailable") {
    super(message);
    this.name = "TransientStorageError";
  }
}

/** A write failed inside its transaction (it was rolled back). */
export class InjectedWriteError extends Error {
  constructor(message = "injected write failure") {
    super(message);
    this.name = "InjectedWriteError";
  }
}

/** The acknowledgement of a committed write was lost. */
export class LostAcknowledgementError extends Error {
  constructor(message = "acknowledgement lost after commit") {
    super(message);
    this.name = "LostAcknowledgementError";
  }
}

const TRANSIENT_SQLITE_PREFIXES = ["SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_PROTOCOL"];

/** Whether a failed read may be retried: injected transient faults and SQLite's busy/locked/I-O codes, by code only. */
export function isTransientStorageError(error: unknown): boolean {
  if (error instanceof TransientStorageError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && TRANSIENT_SQLITE_PREFIXES.some((prefix) => code.startsWith(prefix));
}
