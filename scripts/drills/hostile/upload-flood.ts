// Ten (or more) 300 MB uploads at once against a running server, while its resident memory is sampled and a health
// check keeps asking whether it still serves: the figures of the body-cap target.
import { rawRequest } from "./raw-request";

export type FloodFigures = {
  statuses: Record<string, number>;
  /** What the clients managed to write before the server refused and closed. */
  megabytesSent: number;
  idleRssMb: number;
  peakRssMb: number;
  healthChecks: number;
  healthFailures: number;
  healthP100Ms: number;
  durationMs: number;
};

export async function floodUploads(options: {
  url: string;
  path: string;
  uploads: number;
  bytes: number;
  chunked: boolean;
  /** Uploaders that keep writing after the 413, until the server closes on them. */
  ignoreAnswer?: boolean;
  readRssBytes: () => number;
  headers?: Record<string, string>;
}): Promise<FloodFigures> {
  const idle = options.readRssBytes();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, options.readRssBytes());
  }, 20);
  let running = true;
  let healthChecks = 0;
  let healthFailures = 0;
  let slowest = 0;
  const health = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${options.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
        if (!response.ok) healthFailures += 1;
        await response.arrayBuffer();
      } catch {
        healthFailures += 1;
      }
      healthChecks += 1;
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: options.uploads }, () =>
      rawRequest({
        url: options.url,
        method: "POST",
        path: options.path,
        headers: { "content-type": "application/json", ...options.headers },
        uploadBytes: options.bytes,
        declareLength: !options.chunked,
        ignoreAnswer: options.ignoreAnswer,
        timeoutMs: 120_000,
      }).catch((error: NodeJS.ErrnoException) => ({ status: error.code ?? "error", bytesSent: 0 })),
    ),
  );
  const durationMs = performance.now() - started;
  // A last moment of sampling: memory that grows after the answers were sent counts too.
  await new Promise((resolve) => setTimeout(resolve, 500));
  running = false;
  await health;
  clearInterval(sampler);
  peak = Math.max(peak, options.readRssBytes());
  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[String(answer.status)] = (statuses[String(answer.status)] ?? 0) + 1;
  return {
    statuses,
    megabytesSent: Math.round(answers.reduce((sum, answer) => sum + answer.bytesSent, 0) / 1e6),
    idleRssMb: Math.round(idle / 1e6),
    peakRssMb: Math.round(peak / 1e6),
    healthChecks,
    healthFailures,
    healthP100Ms: Math.round(slowest),
    durationMs: Math.round(durationMs),
  };
}
