// JSON-lines messages between a drill and its child processes (stdin: requests; stdout: answers).
import readline from "node:readline";
import type { Readable } from "node:stream";

/** Calls `onMessage` for every JSON line of a stream; lines that are not JSON are ignored (a killed child may cut one). */
export function readJsonLines(stream: Readable, onMessage: (message: Record<string, unknown>) => void): void {
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  lines.on("line", (line) => {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (message !== null && typeof message === "object") onMessage(message as Record<string, unknown>);
  });
}

export function writeJsonLine(stream: NodeJS.WritableStream, message: unknown): void {
  stream.write(`${JSON.stringify(message)}\n`);
}
