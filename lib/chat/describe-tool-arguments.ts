// The key arguments of a tool call in a few words for its chip ("2020-01-02", "weight_kg 77.4", "weight_kg 170 lb"), raw
// text when unparsable.
const MAX_LENGTH = 80;

function shorten(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

function describeValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The unit a value was sent in when a save's `units` names one ("lb" for weight_kg), so "170" is not read as kilograms. */
function unitSuffix(field: string, units: unknown): string {
  if (!units || typeof units !== "object") return "";
  const { mass, length } = units as { mass?: unknown; length?: unknown };
  const unit = field.endsWith("_kg") ? mass : field.endsWith("_cm") ? length : undefined;
  return typeof unit === "string" ? ` ${unit}` : "";
}

export function describeToolArguments(argumentsText: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch {
    return shorten(argumentsText);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return shorten(argumentsText);
  const record = parsed as Record<string, unknown>;
  const parts: string[] = [];
  if ("date" in record) parts.push(describeValue(record.date));
  if ("from" in record || "to" in record) parts.push(`${describeValue(record.from ?? "…")} → ${describeValue(record.to ?? "…")}`);
  if (record.values && typeof record.values === "object" && !Array.isArray(record.values)) {
    const entries = Object.entries(record.values as Record<string, unknown>);
    parts.push(entries.map(([field, value]) => `${field} ${describeValue(value)}${unitSuffix(field, record.units)}`).join(", "));
  } else if ("values" in record) {
    parts.push(`values ${describeValue(record.values)}`);
  }
  if (record.replace === true) parts.push("replace");
  const known = new Set(["date", "from", "to", "values", "replace", "note", ...(record.values && typeof record.values === "object" ? ["units"] : [])]);
  for (const [name, value] of Object.entries(record)) if (!known.has(name)) parts.push(`${name} ${describeValue(value)}`);
  return shorten(parts.join(" · ") || argumentsText);
}
