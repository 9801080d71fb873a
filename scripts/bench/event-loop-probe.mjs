// Bench only: samples a server's event-loop delay with perf_hooks.monitorEventLoopDelay and, on each SIGUSR2, writes
// what it saw since the previous signal to a file (then starts afresh), so a load test reads the delay from inside the
// server for exactly its own window. It is started only when the bench sets PALESTRA_BENCH_EVENT_LOOP_FILE, and
// nothing of it is ever served over HTTP.
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** Node's default sampling interval. Each sample is the interval between two timer wake-ups, this included. */
export const EVENT_LOOP_RESOLUTION_MS = 10;

const toMs = (nanoseconds) => Number((nanoseconds / 1e6).toFixed(3));

/** Starts sampling; each SIGUSR2 writes `{ sequence, resolutionMs, samples, p50Ms, p99Ms, maxMs, meanMs }` to `file`. */
export function startEventLoopProbe(file) {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  histogram.enable();
  let sequence = 0;
  process.on("SIGUSR2", () => {
    sequence += 1;
    const reading = {
      sequence,
      resolutionMs: EVENT_LOOP_RESOLUTION_MS,
      samples: histogram.count,
      p50Ms: toMs(histogram.percentile(50)),
      p99Ms: toMs(histogram.percentile(99)),
      maxMs: toMs(histogram.max),
      meanMs: toMs(histogram.mean),
    };
    histogram.reset();
    // Written whole, then renamed, so a reader never sees half a file.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(reading));
    fs.renameSync(`${file}.tmp`, file);
  });
}
