// What the whole machine did over a load step, beside the server's own figures: every process of the real-instance
// load shares the same cores (the server, the fake model, the load generator, which is this process), and a turn's
// measured time includes the fake's and the load generator's delays as well as the server's. So each step also reads
// the machine's CPU from the kernel (/proc/stat, all processes), the fake's and the load generator's CPU, and both of
// their event-loop delays: a step the bare relay fails while its own loop is calm points at them, or at the machine.
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { delayBeyondResolution, type EventLoopReading } from "./read-event-loop-delay";
import { trackCpuTime } from "./track-cpu-time";

export type MachineView = {
  /** The machine's cores (the `cpuN` lines of /proc/stat). */
  cores: number;
  /** Cores' worth of CPU every process spent over the window, the kernel's own work included (/proc/stat). */
  busyCores: number;
  /** Cores' worth the server process spent (all its threads). */
  serverCores: number;
  /** The fake model's process, when it runs in a process of its own (null when it shares the load generator's). */
  fakeCores: number | null;
  fakeEventLoopP99Ms: number | null;
  /** This process: it opens and reads every turn's stream. */
  loadGeneratorCores: number;
  loadGeneratorEventLoopP99Ms: number;
};

export type FakeProcess = { pid: number; readEventLoop: () => Promise<EventLoopReading> };

/** The resolution the servers' probe samples at (event-loop-probe.mjs), so both delays read alike. */
const EVENT_LOOP_RESOLUTION_MS = 10;

type CpuTicks = { busy: number; total: number; cores: number };

/** The first line of /proc/stat: user nice system idle iowait irq softirq steal ...; idle and iowait are not busy. */
export function readMachineTicks(text = fs.readFileSync("/proc/stat", "utf8")): CpuTicks {
  const lines = text.split("\n");
  const fields = (lines[0] ?? "").trim().split(/\s+/);
  if (fields[0] !== "cpu") throw new Error("/proc/stat does not start with the machine's cpu line");
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.slice(1, 9).map(Number) as number[];
  const values = [user, nice, system, idle, iowait, irq, softirq, steal];
  if (values.some((value) => !Number.isFinite(value))) throw new Error(`/proc/stat's cpu line is not numbers: ${lines[0]}`);
  const busy = (user as number) + (nice as number) + (system as number) + (irq as number) + (softirq as number) + (steal as number);
  const cores = lines.filter((line) => /^cpu\d+\s/.test(line)).length;
  return { busy, total: busy + (idle as number) + (iowait as number), cores };
}

/**
 * Starts watching; `stop()` gives the window's view. The server's and the fake's CPU come from the kernel's accounting
 * of their processes, the load generator's from process.cpuUsage(); the fake's event loop from its own probe
 * (event-loop-probe.mjs, read by signal), this process's from a monitor of its own at the same resolution.
 */
export async function watchMachine(options: { serverPid: number; fake?: FakeProcess }): Promise<{ stop: () => Promise<MachineView> }> {
  const { serverPid, fake } = options;
  if (fake) await fake.readEventLoop(); // starts the fake's window afresh
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  histogram.enable();
  const machineStart = readMachineTicks();
  const server = trackCpuTime(serverPid);
  const fakeCpu = fake ? trackCpuTime(fake.pid) : undefined;
  const ownStart = process.cpuUsage();
  const startedAt = performance.now();
  return {
    stop: async () => {
      const wallMs = performance.now() - startedAt;
      const own = process.cpuUsage(ownStart);
      const machineEnd = readMachineTicks();
      const serverSpent = server.spent();
      const fakeSpent = fakeCpu?.spent();
      histogram.disable();
      const fakeLoop = fake ? await fake.readEventLoop() : undefined;
      const ownP99Ms = histogram.count > 0 ? histogram.percentile(99) / 1e6 : EVENT_LOOP_RESOLUTION_MS;
      const total = machineEnd.total - machineStart.total;
      return {
        cores: machineEnd.cores,
        busyCores: total > 0 ? ((machineEnd.busy - machineStart.busy) / total) * machineEnd.cores : 0,
        serverCores: serverSpent.processMs / wallMs,
        fakeCores: fakeSpent ? fakeSpent.processMs / wallMs : null,
        fakeEventLoopP99Ms: fakeLoop ? delayBeyondResolution(fakeLoop, fakeLoop.p99Ms) : null,
        loadGeneratorCores: (own.user + own.system) / 1_000 / wallMs,
        loadGeneratorEventLoopP99Ms: Math.max(0, ownP99Ms - EVENT_LOOP_RESOLUTION_MS),
      };
    },
  };
}

/** "machine 1.42 of 2 cores busy (server 0.84, fake 0.21, load generator 0.30); loop p99 fake 4.1 ms, load generator 6.0 ms" */
export function describeMachine(view: MachineView): string {
  const cores = (value: number) => value.toFixed(2);
  const fake = view.fakeCores === null ? "" : `, fake ${cores(view.fakeCores)}`;
  const fakeLoop = view.fakeEventLoopP99Ms === null ? "" : `fake ${view.fakeEventLoopP99Ms.toFixed(1)} ms, `;
  return `machine ${cores(view.busyCores)} of ${view.cores} cores busy (server ${cores(view.serverCores)}${fake}, load generator ${cores(view.loadGeneratorCores)}); loop p99 ${fakeLoop}load generator ${view.loadGeneratorEventLoopP99Ms.toFixed(1)} ms`;
}

/** The same, short, for a step among many: "machine 1.42 cores busy, loop p99 fake 4 ms, load generator 6 ms". */
export function describeMachineBriefly(view: MachineView): string {
  const fake = view.fakeEventLoopP99Ms === null ? "" : `fake ${view.fakeEventLoopP99Ms.toFixed(0)} ms, `;
  return `machine ${view.busyCores.toFixed(2)} cores busy, loop p99 ${fake}load generator ${view.loadGeneratorEventLoopP99Ms.toFixed(0)} ms`;
}
