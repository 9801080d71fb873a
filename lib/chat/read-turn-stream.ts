// Reads a turn's event stream in the browser so that it always ends: at turn-end, when the user stops waiting,
// or when the stream breaks or stays silent too long. The turn itself keeps running on the server either way.
import type { ChatActionEvent } from "./chat-event";

export type TurnStreamEnding = "finished" | "stopped_waiting" | "connection_lost";

/** Long enough for a provider's own bounded retries and the tool deadline; only total silence trips it. */
export const TURN_STREAM_IDLE_TIMEOUT_MS = 120_000;

const stopped: unique symbol = Symbol("stopped");
const idle: unique symbol = Symbol("idle");

export async function readTurnStream(options: {
  open: () => Promise<ReadableStream<ChatActionEvent>>;
  onEvent: (event: ChatActionEvent) => void;
  /** Resolves when the user chooses to stop waiting. */
  stop: Promise<void>;
  idleTimeoutMs?: number;
}): Promise<TurnStreamEnding> {
  const idleTimeoutMs = options.idleTimeoutMs ?? TURN_STREAM_IDLE_TIMEOUT_MS;
  const stopSignal = options.stop.then((): typeof stopped => stopped);
  const raceStep = async <T>(step: Promise<T>): Promise<T | typeof stopped | typeof idle> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idleSignal = new Promise<typeof idle>((resolve) => {
      timer = setTimeout(() => resolve(idle), idleTimeoutMs);
    });
    try {
      return await Promise.race([step, stopSignal, idleSignal]);
    } finally {
      clearTimeout(timer);
    }
  };
  const endingOf = (signal: typeof stopped | typeof idle): TurnStreamEnding => (signal === stopped ? "stopped_waiting" : "connection_lost");

  let reader: ReadableStreamDefaultReader<ChatActionEvent> | undefined;
  try {
    const opened = await raceStep(options.open());
    if (opened === stopped || opened === idle) return endingOf(opened);
    reader = opened.getReader();
    let finished = false;
    for (;;) {
      const step = await raceStep(reader.read());
      if (step === stopped || step === idle) {
        reader.cancel().catch(() => undefined);
        return endingOf(step);
      }
      if (step.done) return finished ? "finished" : "connection_lost";
      options.onEvent(step.value);
      if (["turn-end", "turn-refused", "error"].includes(step.value.event)) finished = true;
    }
  } catch {
    reader?.cancel().catch(() => undefined);
    return "connection_lost";
  }
}
