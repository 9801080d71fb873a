// The short crash drill: SIGKILL a child during 300 keyed saves; nothing acknowledged is lost, nothing is duplicated, and the checker catches a non-atomic save.
import { describe, expect, it } from "vitest";
import { isCleanCheck } from "@/scripts/drills/crash/check-keyed-writes";
import { runCrashDrill } from "@/scripts/drills/crash/run-crash-drill";

describe("crash drill (short)", () => {
  it("loses, duplicates and invents nothing when the saving process is SIGKILLed during 300 keyed writes", async () => {
    const result = await runCrashDrill({ writes: 300, variant: "atomic", maxAcknowledgementsPerLife: 40 });
    expect(result.check).toEqual({
      attempted: 300,
      acknowledged: 300,
      stored: 300,
      lost: 0,
      duplicated: 0,
      unexpected: 0,
      partial: 0,
      wrongValue: 0,
      examples: [],
    });
    expect(result.integrity).toBe("ok");
    expect(result.kills).toBeGreaterThanOrEqual(5);
    expect(result.replaysChecked).toBeGreaterThan(0);
    expect(result.replayMismatches).toBe(0);
    expect(result.failedAttempts).toBe(0);
  }, 180_000);

  it("catches a save that commits the change and its outcome in two transactions (negative control)", async () => {
    // Checked after every life and stopped at the first violation: the control needs only to be caught, quickly.
    const result = await runCrashDrill({ writes: 300, variant: "two-transactions", maxAcknowledgementsPerLife: 40, stopWhenCaught: true });
    expect(isCleanCheck(result.check)).toBe(false);
    // A change without its outcome (seen right after the kill) or a second execution (seen after the re-send).
    expect(result.check.partial + result.check.duplicated).toBeGreaterThan(0);
    expect(result.check.unexpected).toBe(0);
    expect(result.integrity).toBe("ok");
  }, 180_000);
});
