// The real-instance load's baseline as a load target: the bare relay (bare-relay-server.mjs) in its own process, with
// the servers' event-loop probe.
import path from "node:path";
import { createEventLoopReader } from "./read-event-loop-delay";
import type { Target } from "./run-load-step";
import { findFreePort, startScriptNodeFlags } from "./start-app-server";
import { startHelperProcess, type HelperProcess } from "./start-helper-process";

/** The baseline server (bare-relay-server.mjs) in its own process, with its event-loop probe, as a load target. */
export async function startBareRelay(options: { fakeUrl: string; directory: string }): Promise<{ process: HelperProcess; target: Target }> {
  const port = await findFreePort();
  const loopFile = path.join(options.directory, "event-loop-relay.json");
  const relay = await startHelperProcess({
    name: "bare relay",
    args: [...startScriptNodeFlags(), "scripts/bench/bare-relay-server.mjs", "--port", String(port), "--upstream", options.fakeUrl],
    env: { PALESTRA_BENCH_EVENT_LOOP_FILE: loopFile },
    ready: (output) => output.includes("listening"),
  });
  return {
    process: relay,
    target: {
      name: "relay",
      turnUrl: `http://127.0.0.1:${port}/turn`,
      pid: relay.pid,
      readEventLoop: createEventLoopReader({ pid: relay.pid, file: loopFile }).read,
      requestFor: ({ tag, message }) => ({ tag, body: JSON.stringify({ message }), headers: {} }),
      verify: async (turns) =>
        new Map(turns.map((turn) => [turn.tag, (turn.turnEnd as { outcome?: string }).outcome === "answered" ? null : "no answered turn-end"])),
    },
  };
}
