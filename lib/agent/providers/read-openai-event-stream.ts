// Reads an OpenAI event stream (Responses or Chat Completions) from the SDK's raw response, one callback per event.
// The SDK's own iterator stacks four async generators per event; under hundreds of open turns that was a tenth of the
// server's CPU. This keeps what it does with the events (the [DONE] marker, an `error` payload thrown as APIError)
// and awaits once per network chunk instead, or, for a body from nodeHttpFetch, once per body.
import { APIError, OpenAIError } from "openai";
import { readBodyDirectly } from "./node-http-fetch";
import { ServerSentEventParser } from "./server-sent-events";

/**
 * Calls `onData` with each event's parsed JSON until the body ends; events after `[DONE]` are ignored. An event
 * whose payload carries `error` is thrown as the SDK throws it (an APIError without a status: a broken stream), and so
 * is unparsable data. When `onData` throws, the body is cancelled (the connection is released) and the error goes on.
 *
 * With `namedEvents`, an event whose `event:` line names a type outside it is passed over unparsed: the Responses API
 * repeats the whole response (instructions and tools included) in `response.created` and `response.in_progress`,
 * which the reader never uses. Unnamed events are always parsed.
 */
export async function readOpenAIEventStream(
  response: Response,
  onData: (data: unknown) => void,
  options: { namedEvents?: ReadonlySet<string> } = {},
): Promise<void> {
  if (!response.body) throw new OpenAIError("The event stream response has no body.");
  const { namedEvents } = options;
  let done = false;
  const parser = new ServerSentEventParser(({ event, data }) => {
    if (done) return;
    if (namedEvents && event !== null && !namedEvents.has(event)) return;
    if (data.startsWith("[DONE]")) {
      done = true;
      return;
    }
    const parsed = JSON.parse(data) as { error?: unknown } | null;
    if (parsed && parsed.error) throw new APIError(undefined, parsed.error, undefined, response.headers);
    onData(parsed);
  });
  const decoder = new TextDecoder();
  // A body from nodeHttpFetch is read piece by piece as it arrives, without its web stream.
  const direct = readBodyDirectly(response, (chunk) => parser.push(decoder.decode(chunk, { stream: true })));
  if (direct) {
    await direct;
    parser.push(decoder.decode());
    parser.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  } finally {
    reader.releaseLock();
  }
}
