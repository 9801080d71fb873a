// The CPU a process spent over a window, from the kernel's own accounting (/proc/<pid>/stat, and the main thread's
// /proc/<pid>/task/<pid>/stat): a Node server runs every request's JavaScript on its main thread, so that thread's
// share of the window is how full its one queue was, and its time per turn is what a turn costs where it cannot be
// spread over the other core. The rest of the process (GC helper threads, worker threads, libuv) is reported beside it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let ticksPerSecond: number | undefined;

/** USER_HZ: the unit of utime and stime (100 on every Linux this runs on, read rather than assumed). */
function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  if (!Number.isInteger(ticksPerSecond) || ticksPerSecond <= 0) throw new Error(`getconf CLK_TCK answered ${ticksPerSecond}`);
  return ticksPerSecond;
}

/** utime + stime of a stat file, in ms. The command name (field 2) may hold spaces and parentheses: split after its last ")". */
function cpuMsOf(statFile: string): number {
  const text = fs.readFileSync(statFile, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // After the name, fields start at 3 (state); utime and stime are fields 14 and 15.
  const ticks = Number(fields[14 - 3]) + Number(fields[15 - 3]);
  if (!Number.isFinite(ticks)) throw new Error(`${statFile} has no utime/stime`);
  return (ticks * 1_000) / clockTicksPerSecond();
}

export type CpuTime = { mainThreadMs: number; processMs: number; wallMs: number };

/** Starts a window on `pid`; `spent()` is the CPU its main thread and all its threads used since, and the wall time. */
export function trackCpuTime(pid: number): { spent: () => CpuTime } {
  const read = () => ({ mainThreadMs: cpuMsOf(`/proc/${pid}/task/${pid}/stat`), processMs: cpuMsOf(`/proc/${pid}/stat`), at: performance.now() });
  const start = read();
  return {
    spent: () => {
      const end = read();
      return { mainThreadMs: end.mainThreadMs - start.mainThreadMs, processMs: end.processMs - start.processMs, wallMs: end.at - start.at };
    },
  };
}
