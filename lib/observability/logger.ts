// Structured JSON log lines on stdout; the only place original exceptions are written, under their trace id.
type Level = "info" | "warn" | "error";

function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error)
    return { error_name: error.name, error_message: error.message, error_code: (error as { code?: unknown }).code, stack: error.stack };
  return { error_value: String(error) };
}

export function logEvent(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const { error, ...rest } = fields;
  const line = JSON.stringify({ level, event, at: new Date().toISOString(), ...rest, ...(error === undefined ? {} : errorFields(error)) });
  if (level === "error") console.error(line);
  else console.log(line);
}
