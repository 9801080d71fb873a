// What is wrong with a set of arguments, as structured facts; argument-messages.ts turns them into prose.

/** `Field`: the domain's field names (the contract layer sits below the domain that declares them). */
export type ArgumentProblem<Field extends string = string> =
  | { kind: "unknown_tool"; tool: string; valid: string[] }
  | { kind: "not_object"; received: unknown }
  | { kind: "unknown_argument"; names: string[]; valid: string[] }
  | { kind: "missing_argument"; name: string; example: string }
  | { kind: "date_format"; name: string; received: unknown; example: string }
  | { kind: "future_date"; name: string; received: string; today: string }
  | { kind: "range_order"; from: string; to: string }
  | { kind: "unknown_field"; names: string[]; valid: readonly Field[] }
  | { kind: "field_value"; field: Field; received: unknown; min: number; max: number; unit: string; suggestion: number }
  | { kind: "values_required"; received: unknown; example: Record<string, number> }
  | { kind: "note_invalid"; received: unknown; maxLength: number }
  /** A lone UTF-16 surrogate (SQLite stores UTF-8, so it would read back as U+FFFD): the first one, escaped, and its index. */
  | { kind: "note_malformed"; received: string; surrogate: string; index: number }
  | { kind: "boolean_argument"; name: string; received: unknown }
  /** `units` of a save that is not { mass?: "kg" | "lb", length?: "cm" | "in" }. */
  | { kind: "units_invalid"; received: unknown; valid: { mass: string[]; length: string[] } }
  | { kind: "fields_invalid"; received: unknown; valid: readonly Field[] }
  /** save_measurement's `idempotency_key` over MCP: not a non-empty string of at most `maxLength` characters. */
  | { kind: "idempotency_key_invalid"; received: unknown; maxLength: number }
  /** get_trend's and set_goal's `field`: not one of the numeric measurement fields. */
  | { kind: "field_name"; received: unknown; valid: readonly Field[] }
  /** get_trend's `days`: not a whole number of days within the allowed window. */
  | { kind: "window_days"; received: unknown; min: number; max: number; example: number };

/** Machine-readable facts for the error's `details`. */
export function detailsOf(problem: ArgumentProblem): Record<string, unknown> {
  switch (problem.kind) {
    case "unknown_tool":
      return { tool: problem.tool, valid_values: problem.valid };
    case "not_object":
      return { received: describeReceived(problem.received) };
    case "unknown_argument":
      return { unknown: problem.names, valid_values: problem.valid };
    case "missing_argument":
      return { argument: problem.name, example: problem.example };
    case "date_format":
      return { argument: problem.name, received: describeReceived(problem.received), format: "YYYY-MM-DD", example: problem.example };
    case "future_date":
      return { argument: problem.name, received: problem.received, today: problem.today };
    case "range_order":
      return { from: problem.from, to: problem.to };
    case "unknown_field":
      return { field: "values", unknown: problem.names, valid_values: problem.valid };
    case "field_value":
      return {
        field: problem.field,
        received: describeReceived(problem.received),
        min: problem.min,
        max: problem.max,
        unit: problem.unit,
        example: problem.suggestion,
      };
    case "values_required":
      return { field: "values", received: describeReceived(problem.received), example: problem.example };
    case "note_invalid":
      return { field: "note", max_length: problem.maxLength };
    case "note_malformed":
      return {
        field: "note",
        reason: "lone_surrogate",
        surrogate: problem.surrogate,
        index: problem.index,
        received: describeReceived(showLoneSurrogates(problem.received)),
      };
    case "boolean_argument":
      return { argument: problem.name, received: describeReceived(problem.received), valid_values: [true, false] };
    case "fields_invalid":
      return { argument: "fields", received: describeReceived(problem.received), valid_values: problem.valid };
    case "units_invalid":
      return { argument: "units", received: describeReceived(problem.received), valid_values: problem.valid };
    case "idempotency_key_invalid":
      return { argument: "idempotency_key", received: describeReceived(problem.received), max_length: problem.maxLength };
    case "field_name":
      return { argument: "field", received: describeReceived(problem.received), valid_values: problem.valid };
    case "window_days":
      return { argument: "days", received: describeReceived(problem.received), min: problem.min, max: problem.max, example: problem.example };
  }
}

const MAX_RECEIVED_LENGTH = 80;

/** A short, safe rendering of a received value: strings quoted, long values cut, never an object dump. */
export function describeReceived(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" || typeof value === "boolean" || value === null) text = String(value);
  else if (value === undefined) text = "(none)";
  else if (Array.isArray(value)) text = "(list)";
  else text = "(object)";
  if (text.length <= MAX_RECEIVED_LENGTH) return text;
  // Cutting between the halves of a surrogate pair would put a lone surrogate into the message itself.
  const lastCode = text.charCodeAt(MAX_RECEIVED_LENGTH - 1);
  const end = lastCode >= 0xd800 && lastCode <= 0xdbff ? MAX_RECEIVED_LENGTH - 1 : MAX_RECEIVED_LENGTH;
  return `${text.slice(0, end)}…`;
}

/** A lone surrogate as the JSON escape a client would have sent ("\uD800"), so a message can show it without carrying it. */
export const escapeSurrogate = (surrogate: string) => `\\u${surrogate.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

/** The text with each lone surrogate written as its escape; well-formed pairs are left alone. */
export const showLoneSurrogates = (text: string) => text.replace(/\p{Cs}/gu, escapeSurrogate);
