// A typed, promise-returning wrapper over autocannon (which ships no types) for the HTTP figures.
import { createRequire } from "node:module";

type Histogram = { average: number; p50: number; p99: number; total: number };
type LoadClient = { setHeaders: (headers: Record<string, string>) => void };
type AutocannonResult = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number; mismatches: number; duration: number };
type Autocannon = (options: Record<string, unknown>, callback: (error: Error | null, result: AutocannonResult) => void) => unknown;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export type LoadResult = {
  requestsPerSecond: number;
  completed: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers, connection errors, timeouts and bodies that failed the check. */
  failures: number;
  seconds: number;
};

export function runLoad(options: {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  connections: number;
  durationSeconds?: number;
  amount?: number;
  /** The headers of connection number `index` (each connection may be its own user). */
  headersFor?: (index: number) => Record<string, string>;
  verifyBody?: (body: string) => boolean;
}): Promise<LoadResult> {
  let nextConnection = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        method: options.method ?? "GET",
        body: options.body,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 10 }),
        timeout: 30,
        ...(options.headersFor ? { setupClient: (client: LoadClient) => client.setHeaders(options.headersFor?.(nextConnection++) ?? {}) } : {}),
        ...(options.verifyBody ? { verifyBody: options.verifyBody } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          completed: result.requests.total,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          failures: result.non2xx + result.errors + result.timeouts + result.mismatches,
          seconds: result.duration,
        });
      },
    );
  });
}
