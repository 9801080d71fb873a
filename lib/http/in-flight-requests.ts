// The Idempotency-Key requests still running in this process: a duplicate that arrives meanwhile gets 409, not a wait.
// In-process is enough because one server process serves the API (an embedded SQLite file). If several processes ever
// share the database, a duplicate reaching another process is still executed at most once (the claim, the change and
// the recorded outcome commit in one BEGIN IMMEDIATE transaction); it then gets the replay instead of the 409.

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
