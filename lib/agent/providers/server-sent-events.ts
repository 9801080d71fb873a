// Splits a text/event-stream body into its events as the WHATWG "server-sent events" parsing rules do, fed with
// text as it arrives. Synchronous and allocation-light: a streamed model answer passes every chunk through it.

/** One dispatched event: its `event` field (null when the event named none) and its `data` lines joined by "\n". */
export type ServerSentEvent = { event: string | null; data: string };

/**
 * Feed it decoded text with `push`, in pieces cut anywhere (inside a line, between "\r" and "\n"); it calls `onEvent`
 * at each blank line that ends an event with data. Comments (":"), `id` and `retry` are skipped. An event not ended
 * by a blank line when the body ends is discarded, as the standard says: call `end` to drop it.
 */
export class ServerSentEventParser {
  private buffer = "";
  private data = "";
  private hasData = false;
  private eventName: string | null = null;
  /** The buffer ended with "\r": a "\n" at the start of the next piece belongs to that line break. */
  private afterCarriageReturn = false;

  constructor(private readonly onEvent: (event: ServerSentEvent) => void) {}

  push(text: string): void {
    // A decoder holding the first bytes of a character gives "": keep waiting for what follows a "\r".
    if (text === "") return;
    let input = text;
    if (this.afterCarriageReturn && input.startsWith("\n")) input = input.slice(1);
    this.afterCarriageReturn = false;
    const buffer = this.buffer === "" ? input : this.buffer + input;
    let start = 0;
    // Found once and kept while ahead of the line start: a body without "\r" scans for it once per piece.
    let carriageReturn = buffer.indexOf("\r");
    let lineFeed = buffer.indexOf("\n");
    for (;;) {
      if (carriageReturn !== -1 && carriageReturn < start) carriageReturn = buffer.indexOf("\r", start);
      if (lineFeed !== -1 && lineFeed < start) lineFeed = buffer.indexOf("\n", start);
      let end: number;
      let next: number;
      if (carriageReturn !== -1 && (lineFeed === -1 || carriageReturn < lineFeed)) {
        end = carriageReturn;
        if (carriageReturn + 1 === buffer.length) {
          // "\r" last in this piece: the line ends here, and a "\n" opening the next piece is part of the break.
          this.afterCarriageReturn = true;
          next = buffer.length;
        } else {
          next = buffer.charCodeAt(carriageReturn + 1) === 10 ? carriageReturn + 2 : carriageReturn + 1;
        }
      } else if (lineFeed !== -1) {
        end = lineFeed;
        next = lineFeed + 1;
      } else {
        break;
      }
      this.takeLine(buffer.slice(start, end));
      start = next;
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start);
  }

  /** The body ended: an event without its closing blank line is dropped, and so is a line without its break. */
  end(): void {
    this.buffer = "";
    this.resetEvent();
  }

  private takeLine(line: string): void {
    if (line === "") {
      if (this.hasData) this.onEvent({ event: this.eventName, data: this.data });
      this.resetEvent();
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ":" starts a comment
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === "data") {
      this.data = this.hasData ? `${this.data}\n${value}` : value;
      this.hasData = true;
    } else if (field === "event") {
      this.eventName = value;
    }
  }

  private resetEvent(): void {
    this.data = "";
    this.hasData = false;
    this.eventName = null;
  }
}
