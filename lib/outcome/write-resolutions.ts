// What resolving an uncertain save found (tool_call.resolution), shown by the chat, the traces and the API. The values
// are the stored column's and a turn's resolution is derived with the port (lib/store/records.ts,
// lib/store/turn-resolution.ts), so every surface reads it the same way; pure, so response schemas and the browser
// import it.
import type { WriteResolution } from "@/lib/store/records";

export { writeResolutions, type WriteResolution } from "@/lib/store/records";
export { needsResolution, resolveTurn, type ResolvableCall } from "@/lib/store/turn-resolution";

/**
 * The resolution to record once the key is found holding a successful save: "saved" (its own save went through),
 * unless the person's re-run is what stored it, which stays "saved_now" when looked up again later.
 */
export function foundSaved(before: WriteResolution | null): WriteResolution {
  return before === "saved_now" ? "saved_now" : "saved";
}
