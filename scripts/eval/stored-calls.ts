// Reading stored tool calls for the scorer: their arguments, the dates they touch, and what they established.
import type { StoredToolCall } from "./stored-run";

export type CallArguments = { date?: unknown; from?: unknown; to?: unknown; values?: unknown; replace?: unknown };

export function argumentsOf(call: StoredToolCall): CallArguments {
  try {
    const parsed: unknown = JSON.parse(call.argumentsText);
    return parsed !== null && typeof parsed === "object" ? (parsed as CallArguments) : {};
  } catch {
    return {};
  }
}

/** The arguments with keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same call. */
export function canonicalArguments(call: StoredToolCall): string {
  const sortKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sortKeys)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
          )
        : value;
  try {
    return JSON.stringify(sortKeys(JSON.parse(call.argumentsText)));
  } catch {
    return call.argumentsText;
  }
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const isDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The inclusive day numbers a call's result speaks for, or undefined when its arguments name none. */
export function daysCovered(call: StoredToolCall): { first: number; last: number } | undefined {
  const args = argumentsOf(call);
  if (call.name === "list_measurements" && isDate(args.from) && isDate(args.to)) return { first: dayNumber(args.from), last: dayNumber(args.to) };
  if ((call.name === "read_measurement" || call.name === "save_measurement") && isDate(args.date))
    return { first: dayNumber(args.date), last: dayNumber(args.date) };
  return undefined;
}

export function dayOf(date: string): number {
  return dayNumber(date);
}

/** Whether the call ran and its stored result tells what the date holds: a read that answered ok or not_found, a listed range. */
export function establishes(call: StoredToolCall, date: string): boolean {
  const days = daysCovered(call);
  if (!days || days.first > dayNumber(date) || days.last < dayNumber(date)) return false;
  if (call.name === "read_measurement") return call.status === "ok" || call.code === "not_found";
  return call.name === "list_measurements" && call.status === "ok";
}
