// SQLite's idempotency claims: the Idempotency-Key requests still running in this process. In-process is enough
// because one server process serves an embedded SQLite file; several instances run on PostgreSQL, whose claims are
// rows (db/postgres/idempotency-store.ts).

export class InFlightRequests {
  private readonly running = new Set<string>();

  /** Claims (scope, key): the release function, or null when a request with that key is already running. */
  claim(scope: string, key: string): (() => void) | null {
    const id = JSON.stringify([scope, key]);
    if (this.running.has(id)) return null;
    this.running.add(id);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running.delete(id);
    };
  }

  get size(): number {
    return this.running.size;
  }
}

const globalForRequests = globalThis as unknown as { palestraInFlightRequests?: InFlightRequests };

/** The process-wide registry (kept across hot reloads in development). */
export function getInFlightRequests(): InFlightRequests {
  globalForRequests.palestraInFlightRequests ??= new InFlightRequests();
  return globalForRequests.palestraInFlightRequests;
}
