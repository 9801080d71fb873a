// Reads a server's event-loop delay from inside it: SIGUSR2 makes the probe (event-loop-probe.mjs) write what it saw
// since the previous signal and start afresh.
import fs from "node:fs";

export type EventLoopReading = { sequence: number; resolutionMs: number; samples: number; p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };

/** Each sample is a timer interval; the delay is what exceeds the interval the timer asked for. */
export const delayBeyondResolution = (reading: EventLoopReading, sampleMs: number) => Math.max(0, sampleMs - reading.resolutionMs);

export function createEventLoopReader(options: { pid: number; file: string }): { read: () => Promise<EventLoopReading> } {
  let lastSequence = 0;
  return {
    async read() {
      process.kill(options.pid, "SIGUSR2");
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        try {
          const reading = JSON.parse(fs.readFileSync(options.file, "utf8")) as EventLoopReading;
          if (reading.sequence > lastSequence) {
            lastSequence = reading.sequence;
            return reading;
          }
        } catch {
          // Not written yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`process ${options.pid} did not write its event-loop delay to ${options.file} within 10 s`);
    },
  };
}
