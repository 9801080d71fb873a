// What resolving an uncertain save found, as stored on its tool call (tool_call.resolution) and shown by the chat and
// the API. Pure, so the API's response schemas and the browser can import it.

/**
 * saved: the key holds a successful save. not_saved: nothing is stored under the key (safe to run again with it).
 * refused: the save ran to completion and was refused (a conflict is recorded under the key), so nothing was changed
 * and running it again only replays the refusal.
 */
export const writeResolutions = ["saved", "not_saved", "refused"] as const;

export type WriteResolution = (typeof writeResolutions)[number];
