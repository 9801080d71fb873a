// The payload fingerprint stored with an idempotency key: a hash of the validated arguments in canonical form.
import crypto from "node:crypto";

function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalize);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonicalize((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function fingerprintOf(operation: string, payload: unknown): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([operation, canonicalize(payload)]))
    .digest("hex");
}
