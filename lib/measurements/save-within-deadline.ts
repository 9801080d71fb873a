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
  const controller = new AbortController();
  const saving = saveMeasurement({ ...options.save, signal: controller.signal });
  if (options.onSettled) saving.then(options.onSettled, options.onSettled);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), options.timeoutMs);
  });
  let result: SaveMeasurementResult | "deadline";
  try {
    result = await Promise.race([saving, deadline]);
  } catch (error) {
    // "It failed" is not "it did nothing": an unexpected exception around a write leaves its outcome unknown.
    logEvent("error", options.exceptionEvent, { trace_id: options.save.traceId, error });
    result = "deadline";
  } finally {
    clearTimeout(timer);
  }
  // Ends a save still waiting to begin (the timeout fault); one that got further settles on its own, under its key.
  if (result === "deadline") controller.abort();
  return result;
}
