// better-auth's log messages as our one-line JSON events. Its default writes a multi-line block with the error's stack
// for every refused API key; a refused key or token is logged once, as one line, by lib/rate-limit/failed-credentials.ts.
import { logEvent } from "./logger";

/** Messages of expected refusals that their caller logs itself. */
const LOGGED_BY_CALLER = ["Failed to validate API key"];

export type BetterAuthLogLevel = "debug" | "info" | "success" | "warn" | "error";

export function logBetterAuthMessage(level: BetterAuthLogLevel, message: string, ...args: unknown[]): void {
  if (LOGGED_BY_CALLER.some((prefix) => message.startsWith(prefix))) return;
  const error = args.find((argument) => argument instanceof Error);
  logEvent(level === "error" ? "error" : level === "warn" ? "warn" : "info", "better-auth", { message, ...(error ? { error } : {}) });
}
