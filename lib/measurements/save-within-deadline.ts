// A save raced against the tool deadline, for the callers outside the Coach's dispatcher (the API, the page, "Save it
// now"): past the deadline, or on an unexpected exception, the answer is "deadline" (the outcome is unknown).
import "server-only";
import { logEvent } from "@/lib/observability/logger";
import { saveMeasurement, type SaveMeasurementOptions, type SaveMeasurementResult } from "./save-measurement";

export async function saveWithinDeadline(options: {
  save: Omit<SaveMeasurementOptions, "signal">;
  /** PALESTRA_TOOL_TIMEOUT_MS. */
  timeoutMs: number;
  /** The log event of an unexpected exception, named for the caller. */
  exceptionEvent: string;
  /** Runs once the save has really settled, which may be after the deadline answered. */
  onSettled?: () => void;
}): Promise<SaveMeasurementResult | "deadline"> {
  const { save, ...rest } = options;
  return withinDeadline({ run: (signal) => saveMeasurement({ ...save, signal }), traceId: save.traceId, ...rest });
}

/** Any keyed write (a save, a goal) raced against the deadline the same way. */
export async function withinDeadline<Result>(options: {
  run: (signal: AbortSignal) => Promise<Result>;
  traceId: string;
  timeoutMs: number;
  exceptionEvent: string;
  onSettled?: () => void;
}): Promise<Result | "deadline"> {
  const controller = new AbortController();
  const running = options.run(controller.signal);
  if (options.onSettled) running.then(options.onSettled, options.onSettled);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), options.timeoutMs);
  });
  let result: Result | "deadline";
  try {
    result = await Promise.race([running, deadline]);
  } catch (error) {
    // "It failed" is not "it did nothing": an unexpected exception around a write leaves its outcome unknown.
    logEvent("error", options.exceptionEvent, { trace_id: options.traceId, error });
    result = "deadline";
  } finally {
    clearTimeout(timer);
  }
  // Ends a write still waiting to begin (the timeout fault); one that got further settles on its own, under its key.
  if (result === "deadline") controller.abort();
  return result;
}
