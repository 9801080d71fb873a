// A turn's resolution: what became of its stopped saves once the person resolved them, derived from its tool calls'
// stored resolutions. Declared with the port because the read models (db/read-models.ts) fill TurnSummary with it;
// pure, so the chat's browser code derives it the same way (re-exported by lib/outcome/write-resolutions.ts).
import type { WriteResolution } from "./records";

/** The fields of a tool call, stored or streamed, that tell whether it is a save the person may resolve. */
export type ResolvableCall = {
  name: string;
  status: string;
  error?: string | null;
  idempotencyKey?: string | null;
  resolution?: WriteResolution | null;
};

/** Writes (saves and goals) whose outcome the user may resolve: unknown, or refused by storage before it began. */
export function needsResolution(call: ResolvableCall): boolean {
  return (
    (call.name === "save_measurement" || call.name === "set_goal") &&
    call.status === "error" &&
    (call.error === "outcome_unknown" || call.error === "write_failed") &&
    Boolean(call.idempotencyKey)
  );
}

/**
 * What the person's resolution of a turn's stopped saves says now: null while any of them is unresolved (or the turn
 * had none); otherwise the least favourable of what was found, so a turn never reads "saved" while one of its saves was
 * refused or not stored, and reads "saved now" whenever one of them was stored by the person's own re-run.
 */
export function resolveTurn(calls: readonly ResolvableCall[]): WriteResolution | null {
  const resolutions = calls.filter(needsResolution).map((call) => call.resolution ?? null);
  if (resolutions.length === 0 || resolutions.includes(null)) return null;
  for (const resolution of ["refused", "not_saved", "saved_now"] as const) if (resolutions.includes(resolution)) return resolution;
  return "saved";
}
