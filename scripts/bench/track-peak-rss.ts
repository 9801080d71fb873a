// The peak resident memory of a process over a window: the kernel's own high-water mark (VmHWM), reset at the start
// of the window through /proc/<pid>/clear_refs, so no short spike between two samples is missed.
import fs from "node:fs";

function readStatusKb(pid: number, field: "VmHWM" | "VmRSS"): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${field}:`));
  const kb = Number(line?.match(/(\d+)/)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`/proc/${pid}/status has no ${field}`);
  return kb;
}

/** Starts a window; `peakBytes()` is the most the process held since then. */
export function trackPeakRss(pid: number): { peakBytes: () => number; startBytes: number } {
  // "5" resets the peak to the current RSS (Linux 4.0 and later); it touches nothing else.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  return { peakBytes: () => readStatusKb(pid, "VmHWM") * 1024, startBytes: readStatusKb(pid, "VmRSS") * 1024 };
}

export function readRssBytes(pid: number): number {
  return readStatusKb(pid, "VmRSS") * 1024;
}
