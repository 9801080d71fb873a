// The key arguments of a tool call in a few words for its chip ("2020-01-02", "weight_kg 77.4"), raw text when unparsable.
const MAX_LENGTH = 80;

function shorten(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

function describeValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
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
    parts.push(Object.entries(record.values as Record<string, unknown>).map(([field, value]) => `${field} ${describeValue(value)}`).join(", "));
  } else if ("values" in record) {
    parts.push(`values ${describeValue(record.values)}`);
  }
  if (record.replace === true) parts.push("replace");
  const known = new Set(["date", "from", "to", "values", "replace", "note"]);
  for (const [name, value] of Object.entries(record)) if (!known.has(name)) parts.push(`${name} ${describeValue(value)}`);
  return shorten(parts.join(" · ") || argumentsText);
}
