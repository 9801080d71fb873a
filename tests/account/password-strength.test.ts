import fs from "node:fs";
import { isMainThread } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { estimatePasswordStrength, isPasswordStrengthThreadRunning, stopPasswordStrengthThread } from "@/lib/account/password-strength";

/** CPU time of this process's main thread (the event loop's), in ms: user + system ticks of its own /proc task. */
function mainThreadCpuMs(): number {
  const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const hostile = `${"x".repeat(20)}${"p@ssw0rd!".repeat(12)}`;
const estimate = (password: string) => estimatePasswordStrength({ password, userInputs: ["ana.lima@example.org"], locale: "en" });

describe("the password-strength thread", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await stopPasswordStrengthThread();
  });

  it("scores on its own thread: the event loop spends almost nothing of a check's CPU", async () => {
    // The /proc figure below is this process's main thread: the test must be running on it (vitest's forks pool).
    expect(isMainThread).toBe(true);
    await estimate("warm-up lantern orbit"); // the thread's start (loading and ranking the dictionaries) is not measured
    const processBefore = process.cpuUsage();
    const mainBefore = mainThreadCpuMs();
    // Six bounded hostile checks: 0.2-0.3 s of CPU each measured here, which ran on the event loop before the thread.
    for (let round = 0; round < 6; round += 1) expect((await estimate(hostile)).scoredPassword).toBe(hostile.slice(0, 64));
    const mainMs = mainThreadCpuMs() - mainBefore;
    const processUsed = process.cpuUsage(processBefore);
    const processMs = (processUsed.user + processUsed.system) / 1000;
    // Enough CPU for the ticks of /proc (10 ms) to tell the threads apart, even on a machine several times faster.
    expect(processMs).toBeGreaterThan(200);
    expect(mainMs).toBeLessThan(processMs / 4);
  });

  it("answers concurrent checks each with its own result", async () => {
    const results = await Promise.all(["password123", "lantern-orbit-meadow-7", "qwertyuiop12"].map(estimate));
    expect(results.map((result) => result.score >= 3)).toEqual([false, true, false]);
    expect(results[0]).toMatchObject({ scoredPassword: "password123", warning: "This is a commonly used password." });
  });

  it("stops a minute after its last check and starts again on the next", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await estimate("lantern-orbit-meadow-7");
    expect(isPasswordStrengthThreadRunning()).toBe(true);
    vi.advanceTimersByTime(59_000);
    expect(isPasswordStrengthThreadRunning()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(isPasswordStrengthThreadRunning()).toBe(false);
    vi.useRealTimers();
    await expect(estimate("password123")).resolves.toMatchObject({ scoredPassword: "password123" });
    expect(isPasswordStrengthThreadRunning()).toBe(true);
  });

  it("fails the checks a stopped thread leaves unanswered, and the next check starts a new one", async () => {
    const waiting = estimate(hostile);
    await stopPasswordStrengthThread();
    await expect(waiting).rejects.toThrow(/password-strength thread stopped/);
    await expect(estimate("lantern-orbit-meadow-7")).resolves.toMatchObject({ score: expect.any(Number) });
  });
});
