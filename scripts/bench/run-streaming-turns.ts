// The client side of the real-instance load: many people each sending streamed chat turns back to back, every turn
// timed from the request to the end of its event stream, with the stream's `turn-end` (or `error`) event kept.

export type StreamedTurn = {
  /** The turn's own tag: written into its message, so the model requests it caused can be found by it. */
  tag: string;
  user: number;
  /** 0 for a user's first turn, 1 for the next, ... */
  round: number;
  /** performance.now() when the request was sent, and when its stream ended. */
  startedAt: number;
  endedAt: number;
  status: number | null;
  /** The data of the stream's `turn-end` event, parsed; absent when the stream ended without one. */
  turnEnd?: unknown;
  /** Why the turn failed on the wire (network error, timeout, non-200, an `error` event, no `turn-end`). */
  failure?: string;
};

export type TurnRequest = { tag: string; body: string; headers: Record<string, string> };

type ServerSentEvent = { event: string; data: string };

/** Splits a growing SSE text into complete events, returning them and the unfinished rest. */
export function takeServerSentEvents(text: string): { events: ServerSentEvent[]; rest: string } {
  const blocks = text.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? "";
  const events = blocks
    .filter((block) => block.trim() !== "")
    .map((block) => {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      return { event, data: data.join("\n") };
    });
  return { events, rest };
}

async function runOneTurn(options: { url: string; request: TurnRequest; user: number; round: number; timeoutMs: number }): Promise<StreamedTurn> {
  const { url, request, user, round } = options;
  const startedAt = performance.now();
  const result: StreamedTurn = { tag: request.tag, user, round, startedAt, endedAt: startedAt, status: null };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { ...request.headers, accept: "text/event-stream", "content-type": "application/json" },
      body: request.body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    result.status = response.status;
    if (response.status !== 200 || !response.body) {
      result.failure = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
    } else {
      const decoder = new TextDecoder();
      let pending = "";
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const taken = takeServerSentEvents(pending + decoder.decode(read.value, { stream: true }));
        pending = taken.rest;
        for (const { event, data } of taken.events) {
          if (event === "turn-end") result.turnEnd = JSON.parse(data);
          if (event === "error") result.failure = `error event: ${data.slice(0, 200)}`;
        }
      }
      if (!result.failure && result.turnEnd === undefined) result.failure = "the stream ended without turn-end";
    }
  } catch (error) {
    result.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  result.endedAt = performance.now();
  return result;
}

/**
 * Each user sends `turnsPerUser` turns one after the other, the first after a delay spread evenly over
 * `startSpreadMs` (so turns arrive as they would from people, not in one burst). `requestFor(user, round)` builds
 * each turn's request. Resolves with every turn once all have ended.
 */
export async function runStreamingTurns(options: {
  url: string;
  users: number;
  turnsPerUser: number;
  startSpreadMs: number;
  timeoutMs: number;
  requestFor: (user: number, round: number) => TurnRequest;
}): Promise<StreamedTurn[]> {
  const { users, turnsPerUser, startSpreadMs } = options;
  const perUser = await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      await new Promise((resolve) => setTimeout(resolve, (startSpreadMs * user) / users));
      const turns: StreamedTurn[] = [];
      for (let round = 0; round < turnsPerUser; round += 1) {
        turns.push(await runOneTurn({ url: options.url, request: options.requestFor(user, round), user, round, timeoutMs: options.timeoutMs }));
      }
      return turns;
    }),
  );
  return perUser.flat();
}
