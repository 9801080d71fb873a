// The handler of every write tool: the key the harness created before the first attempt, one recorded attempt, the
// keyed write itself (which never retries), and the turn's rows committed with it.
import "server-only";
import type { KeyedWriteCaller, KeyedWriteResult } from "@/lib/measurements/run-keyed-write";
import type { ToolContext, ToolResult } from "./tool-definition";

/** Thrown when a write tool runs without the key the harness must create first (a harness bug, never a user error). */
export class MissingIdempotencyKeyError extends Error {}

export function runWithKey<Input>(
  name: string,
  write: (options: KeyedWriteCaller & { input: Input }) => Promise<KeyedWriteResult>,
): (input: Input, context: ToolContext) => Promise<ToolResult> {
  return async (input, context) => {
    if (!context.idempotencyKey) throw new MissingIdempotencyKeyError(`${name} needs an idempotency key`);
    context.onAttempt();
    const result = await write({
      store: context.store,
      userId: context.userId,
      idempotencyKey: context.idempotencyKey,
      input,
      traceId: context.traceId,
      locale: context.locale,
      faults: context.faults,
      signal: context.signal,
      alsoWrite: context.alsoWrite,
    });
    return { outcome: result.outcome, serialized: result.serialized };
  };
}
