// The machine a run measured: CPU, cores, memory, Node, and how busy it was (the box is shared).
import fs from "node:fs";
import os from "node:os";

export type MachineDescription = { cpuModel: string; cores: number; memoryGiB: number; node: string; platform: string; loadAverage: number[] };

function readCpuModel(): string {
  try {
    const line = fs
      .readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("model name"));
    if (line) return line.split(":").slice(1).join(":").trim();
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return os.cpus()[0]?.model ?? "unknown";
}

export function describeMachine(): MachineDescription {
  return {
    cpuModel: readCpuModel(),
    cores: os.availableParallelism(),
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
}

export function formatMachine(machine: MachineDescription): string {
  return [
    `- CPU: ${machine.cpuModel}, ${machine.cores} cores (nproc), ${machine.memoryGiB} GiB RAM`,
    `- Node ${machine.node}, ${machine.platform}`,
    `- load average (1, 5, 15 min) when the run started: ${machine.loadAverage.join(", ")}`,
  ].join("\n");
}
