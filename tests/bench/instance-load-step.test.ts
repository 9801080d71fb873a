// The real-instance load's machinery, end to end against the bare relay (no production build needed): streamed turns,
// the fake's own timing of each model request, the event-loop probe read by signal, the kernel's RSS high-water mark.
// Timings are never asserted: only that every number is measured and that failures are counted, not hidden.
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import { startFakeProviderServer, type FakeProviderServer } from "@/scripts/fake-provider/create-fake-provider-server";
import { createBenchDirectory } from "@/scripts/bench/create-bench-directory";
import { runStep, type Target } from "@/scripts/bench/run-load-step";
import { startBareRelay } from "@/scripts/bench/start-bare-relay";
import type { HelperProcess } from "@/scripts/bench/start-helper-process";
import { takeServerSentEvents } from "@/scripts/bench/run-streaming-turns";
import { readMachineTicks } from "@/scripts/bench/watch-machine";

const settings = { firstByteMs: 60, streamMs: 40, users: 8, load: 8, steps: [8], turnsPerUser: 3 };

let fake: FakeProviderServer;
let relay: { process: HelperProcess; target: Target };
let scratch: ReturnType<typeof createBenchDirectory>;

beforeAll(async () => {
  scratch = createBenchDirectory("instance-test");
  fake = await startFakeProviderServer({ decide: decideNextStep, pacing: { firstByteMs: settings.firstByteMs, streamMs: settings.streamMs } });
  relay = await startBareRelay({ fakeUrl: fake.url, directory: scratch.directory });
});

afterAll(async () => {
  await relay?.process.stop();
  await fake?.close();
  scratch?.remove();
});

describe("a step of the real-instance load", () => {
  it("times every person's middle turn against the model time the fake recorded, and reads the server's event loop and peak memory", async () => {
    const step = await runStep({ target: relay.target, concurrency: 8, stepNumber: 1, settings, fakeUrl: fake.url });
    expect(step).toMatchObject({ target: "relay", concurrency: 8, sent: 24, errors: 0, stored: 24, timedTurns: 8, failures: [] });
    // Each timed turn made two paced requests, so it lasted at least their time; what is left is the server's (and the client's).
    for (const value of [step.addedP50Ms, step.addedP99Ms]) expect(Number.isFinite(value)).toBe(true);
    expect(step.addedP99Ms as number).toBeGreaterThanOrEqual(step.addedP50Ms as number);
    expect(step.eventLoopSamples).toBeGreaterThan(0);
    expect(step.eventLoopP99Ms).toBeGreaterThanOrEqual(0);
    expect(step.rssPeakBytes).toBeGreaterThan(10_000_000);
    expect(step.leastOpenTurns).toBeGreaterThan(0);
    expect(step.leastOpenTurns).toBeLessThanOrEqual(8);
    // The relay's own CPU, from the kernel: it did parse and relay 24 turns, so its main thread spent something, and
    // never more than its whole process (a tick's rounding aside) nor more than the wall time allows.
    expect(step.processMsPerTurn * step.sent).toBeGreaterThan(0);
    expect(step.mainThreadMsPerTurn).toBeLessThanOrEqual(step.processMsPerTurn + 20 / step.sent);
    expect(step.mainThreadBusy).toBeGreaterThanOrEqual(0);
    expect(step.mainThreadBusy).toBeLessThan(1.05);
    // The whole machine over the same window: it ran the relay and this process's 24 streams, so every process's CPU
    // adds up to at least the relay's and this process's, and never more than the machine's cores.
    const { machine } = step;
    expect(machine.cores).toBe(os.cpus().length);
    expect(machine.serverCores).toBeGreaterThan(0);
    expect(machine.loadGeneratorCores).toBeGreaterThan(0);
    expect(machine.busyCores).toBeGreaterThan(0);
    expect(machine.busyCores).toBeLessThanOrEqual(machine.cores);
    expect(machine.loadGeneratorEventLoopP99Ms).toBeGreaterThanOrEqual(0);
    // The fake runs in this process here (no process of its own to watch).
    expect(machine).toMatchObject({ fakeCores: null, fakeEventLoopP99Ms: null });
  });

  it("counts a turn whose model request failed as an error, never as a timed turn", async () => {
    await fetch(`${fake.url}/_fail`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: 400, count: 1 }) });
    const step = await runStep({ target: relay.target, concurrency: 4, stepNumber: 2, settings: { ...settings, turnsPerUser: 1 }, fakeUrl: fake.url });
    expect(step.sent).toBe(4);
    expect(step.errors).toBe(1);
    expect(step.stored).toBe(3);
    expect(step.holds).toBe(false);
    expect(step.failures[0]).toMatch(/error event|the model answered 400/);
  });
});

describe("readMachineTicks", () => {
  it("counts user, nice, system, irq, softirq and steal as busy, idle and iowait as not, over every core", () => {
    const stat = ["cpu  100 5 40 800 30 2 3 7 0 0", "cpu0 50 2 20 400 15 1 1 3 0 0", "cpu1 50 3 20 400 15 1 2 4 0 0", "intr 123", "ctxt 456"].join("\n");
    expect(readMachineTicks(stat)).toEqual({ busy: 157, total: 987, cores: 2 });
  });

  it("refuses a file whose first line is not the machine's", () => {
    expect(() => readMachineTicks("cpu0 1 2 3 4 5 6 7 8")).toThrow(/cpu line/);
  });
});

describe("takeServerSentEvents", () => {
  it("returns complete events and keeps the unfinished rest for the next chunk", () => {
    const first = takeServerSentEvents('event: text-delta\ndata: {"text":"Hi"}\n\nevent: turn-end\ndata: {"out');
    expect(first.events).toEqual([{ event: "text-delta", data: '{"text":"Hi"}' }]);
    const second = takeServerSentEvents(`${first.rest}come":"answered"}\n\n`);
    expect(second).toEqual({ events: [{ event: "turn-end", data: '{"outcome":"answered"}' }], rest: "" });
  });
});
