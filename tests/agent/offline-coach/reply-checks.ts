// Test fixture: what every offline-coach reply must be: plain language with no field
// keys, JSON or details lists, and no number that came neither from the person's messages nor from a tool result.
import { expect } from "vitest";
import { TODAY, type UtteranceRun } from "./utterance-case";

const exampleLine = /^(?:For example|Por ejemplo|Por exemplo):.*$/m;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Absolute values, one decimal: "−1,9" and "1.9" are the same fact. */
const key = (value: number) => Math.round(Math.abs(value) * 10) / 10;

export function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((match) => Number(match[0].replace(",", ".")));
}

/** Every number a tool result holds, the parts of its dates, list sizes, and what a reply derives from them. */
function numbersOfJson(value: unknown, into: Set<number>): void {
  if (typeof value === "number") {
    into.add(key(value));
    // Height in inches is shown as feet and inches.
    into.add(Math.floor(Math.abs(value) / 12));
    into.add(key(Math.abs(value) % 12));
  } else if (typeof value === "string") {
    const date = isoDate.exec(value);
    if (date) for (const part of date.slice(1)) into.add(Number(part));
  } else if (Array.isArray(value)) {
    into.add(value.length);
    for (const item of value) numbersOfJson(item, into);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) numbersOfJson(item, into);
  }
}

function allowedNumbers(run: UtteranceRun): Set<number> {
  const allowed = new Set<number>(numbersIn(TODAY.replace(/-/g, " ")).map(key));
  // A date named without a year that is still ahead is offered as last year's: today's year less one.
  allowed.add(Number(TODAY.slice(0, 4)) - 1);
  // Days named relative to today ("yesterday", "on Monday", "tomorrow") are at most two weeks away.
  for (let offset = -14; offset <= 14; offset++) {
    const day = new Date(`${TODAY}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + offset);
    allowed.add(day.getUTCDate());
  }
  for (const message of run.messages) for (const number of numbersIn(message)) allowed.add(key(number));
  const fromTools = new Set<number>();
  for (const content of run.toolResults) numbersOfJson(JSON.parse(content), fromTools);
  for (const call of run.result.toolCalls) numbersOfJson(JSON.parse(call.arguments), fromTools);
  // A progress answer states the change between two values a tool returned.
  for (const first of fromTools) for (const second of fromTools) allowed.add(key(first - second));
  for (const number of fromTools) allowed.add(number);
  // A stored metric value told in the person's units (79.5 kg as 175.3 lb, 81.3 cm as 32 in).
  for (const number of fromTools) [number / 0.45359237, number / 2.54].forEach((converted) => allowed.add(key(converted)));
  return allowed;
}

export function expectPlainReply(run: UtteranceRun): void {
  const { reply } = run.result;
  expect(reply.trim().length).toBeGreaterThan(0);
  expect(reply, "no field keys").not.toMatch(/\b[a-z]+_(?:kg|cm|pct|lb|in)\b/);
  expect(reply, "no JSON").not.toMatch(/[{}[\]]/);
  expect(reply, "no details lists").not.toMatch(/[(;]\s*(?:received|min|max|field|unit|example|details)\s*:/i);
  const said = run.messages.join(" ");
  for (const date of reply.match(/\d{4}-\d{2}-\d{2}/g) ?? []) expect(said, `the ISO date ${date} is the person's own text`).toContain(date);
  const example = exampleLine.exec(reply)?.[0];
  // The help text's example uses a recent day, never a fixed year.
  if (example) expect(example).not.toMatch(/\d{4}/);
  const allowed = allowedNumbers(run);
  for (const number of numbersIn(reply.replace(exampleLine, ""))) {
    expect(allowed.has(key(number)), `${number} in "${reply}" comes from the person or a tool`).toBe(true);
  }
}
