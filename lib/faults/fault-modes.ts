// The QA storage fault modes, which target each applies to, and the arming request. The mode and target values are
// the stored columns', declared with the port.
import { z } from "zod";
import { faultModes, faultTargets, type FaultMode, type FaultTarget } from "@/lib/store/records";

export { faultModes, faultTargets, type FaultMode, type FaultTarget };

export const targetsByMode: Record<FaultMode, readonly FaultTarget[]> = {
  transient: ["read"],
  unavailable: ["read"],
  fail_before_commit: ["write"],
  lost_ack: ["write"],
  timeout: ["write"],
  slow: ["read", "write"],
};

/** Latency the `slow` mode adds to one storage attempt: noticeable, yet well inside the read budget and the tool deadline. */
export const SLOW_FAULT_DELAY_MS = 300;

/**
 * Storage attempts a fault lasts when armed without a count; a mode absent here lasts until cleared. `transient` "fails the
 * first attempt(s), then works": armed for good it would be indistinguishable from `unavailable`.
 */
export const defaultFaultCounts: Partial<Record<FaultMode, number>> = { transient: 1 };

/** The attempts an armed fault lasts: the count given, else the mode's default; null means until cleared. */
export function armedFaultCount(input: { mode: FaultMode; count?: number }): number | null {
  return input.count ?? defaultFaultCounts[input.mode] ?? null;
}

export const armFaultInputSchema = z
  .strictObject({
    target: z.enum(faultTargets),
    mode: z.enum(faultModes),
    count: z
      .number()
      .int()
      .min(1)
      .max(1_000)
      .optional()
      .describe("The next N storage attempts (a tool's internal retry is a new attempt). When omitted: 1 for transient, until cleared for the other modes."),
  })
  .refine((value) => targetsByMode[value.mode].includes(value.target), {
    message: "this mode does not apply to this target",
    path: ["mode"],
  });
export type ArmFaultInput = z.infer<typeof armFaultInputSchema>;
