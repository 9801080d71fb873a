// The event-stream parser gives the same events however the body is cut into pieces, with every line break the
// standard allows, and drops what the standard drops.
import { describe, expect, it } from "vitest";
import { ServerSentEventParser, type ServerSentEvent } from "@/lib/agent/providers/server-sent-events";

function parse(pieces: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = new ServerSentEventParser((event) => events.push(event));
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return events;
}

/** Every way of cutting `text` in two, plus one character at a time. */
function cuts(text: string): string[][] {
  const ways = [[text], [...text]];
  for (let index = 1; index < text.length; index += 1) ways.push([text.slice(0, index), text.slice(index)]);
  return ways;
}

const body = [
  ": a comment line the server sends to keep the connection open",
  "event: response.output_text.delta",
  'data: {"type":"response.output_text.delta","delta":"Olá, "}',
  "",
  "id: 7",
  "retry: 1000",
  'data: {"type":"a",',
  'data:"b":"no space after the colon"}',
  "",
  "data",
  "",
  "event: only-a-name",
  "",
  "data: [DONE]",
  "",
  "",
].join("\n");

const expected: ServerSentEvent[] = [
  { event: "response.output_text.delta", data: '{"type":"response.output_text.delta","delta":"Olá, "}' },
  { event: null, data: '{"type":"a",\n"b":"no space after the colon"}' },
  { event: null, data: "" },
  { event: null, data: "[DONE]" },
];

describe("ServerSentEventParser", () => {
  it.each([
    { name: "LF", lineBreak: "\n" },
    { name: "CRLF", lineBreak: "\r\n" },
    { name: "CR", lineBreak: "\r" },
  ])("gives the same events with $name line breaks, however the body is cut", ({ lineBreak }) => {
    const text = body.replaceAll("\n", lineBreak);
    for (const pieces of cuts(text)) expect(parse(pieces), JSON.stringify(pieces)).toEqual(expected);
  });

  it("takes a CRLF cut between its two characters as one line break, across an empty piece", () => {
    expect(parse(["data: a\r", "", "\ndata: b\r\n", "\r\n"])).toEqual([{ event: null, data: "a\nb" }]);
  });

  it("drops an event the body ends without a blank line after, and forgets its name", () => {
    expect(parse(["event: first\ndata: 1\n\nevent: cut\ndata: 2\n"])).toEqual([{ event: "first", data: "1" }]);
    expect(parse(["data: 1\n\nevent: named-but-empty\n\ndata: 2\n\n"])).toEqual([
      { event: null, data: "1" },
      { event: null, data: "2" },
    ]);
  });

  it("strips one space after the colon and keeps the rest", () => {
    expect(parse(["data:   three spaces\n\n"])).toEqual([{ event: null, data: "  three spaces" }]);
  });
});
