// The kernel's CPU accounting read for the instance load: the main thread's time apart from the process's.
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { trackCpuTime } from "@/scripts/bench/track-cpu-time";

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1_000;
};

describe("trackCpuTime", () => {
  it("counts CPU spent on the main thread as the main thread's and the process's, as Node's own clock does", () => {
    const start = process.cpuUsage();
    const window = trackCpuTime(process.pid);
    // Spins until the process has used 300 ms of CPU by its own clock (not the wall's: a loaded machine stretches that).
    let x = 0;
    while (cpuMsSince(start) < 300) x += Math.sqrt(x + 1);
    const spent = window.spent();
    const byNode = cpuMsSince(start);
    expect(x).toBeGreaterThan(0);
    // The kernel counts in ticks of 10 ms: the two clocks agree within a few of them.
    expect(Math.abs(spent.processMs - byNode)).toBeLessThanOrEqual(40);
    // Most of it was this thread's (the others only idle or collect garbage meanwhile).
    expect(spent.mainThreadMs).toBeGreaterThanOrEqual(150);
    // The thread's and the process's counters are two readings, each adjusted by the kernel on its own: a tick or two apart.
    expect(spent.mainThreadMs).toBeLessThanOrEqual(spent.processMs + 20);
    expect(spent.wallMs).toBeGreaterThan(0);
  });

  it("counts CPU spent on another thread as the process's, not the main thread's", async () => {
    const window = trackCpuTime(process.pid);
    // A worker spins until the process has used 300 ms more CPU, while this thread only waits for its message.
    const worker = new Worker(
      `const start = process.cpuUsage(); let x = 0;
       for (;;) { const u = process.cpuUsage(start); if (u.user + u.system >= 300000) break; x += Math.sqrt(x + 1); }
       require("node:worker_threads").parentPort.postMessage(x);`,
      { eval: true },
    );
    await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    const spent = window.spent();
    expect(spent.processMs).toBeGreaterThanOrEqual(280);
    expect(spent.processMs - spent.mainThreadMs).toBeGreaterThanOrEqual(200);
  });
});
