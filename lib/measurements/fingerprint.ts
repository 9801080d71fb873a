// The payload fingerprint stored with an idempotency key: a hash of the validated arguments in canonical form.
import crypto from "node:crypto";

// An array index (the keys an object enumerates first, in numeric order, whatever order they were added in).
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
const isArrayIndex = (key: string) => ARRAY_INDEX.test(key) && Number(key) < 4_294_967_295;

/**
 * The keys in the order the stored fingerprints have always used: sorted, then enumerated as an object built in that
 * order enumerates them (array indices first, ascending), which is what JSON.stringify of such an object wrote.
 */
function orderedKeys(object: object): string[] {
  const keys = Object.keys(object).sort();
  if (!keys.some(isArrayIndex)) return keys;
  const indices = keys.filter(isArrayIndex).sort((left, right) => Number(left) - Number(right));
  return [...indices, ...keys.filter((key) => !isArrayIndex(key))];
}

/**
 * JSON with every object's keys in that order and its undefined members left out, written in one pass (the save's
 * hot path once built a sorted copy of the payload and then serialized it). Values JSON cannot hold are written as
 * JSON.stringify writes them: omitted from objects, null in arrays.
 */
export function canonicalJson(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  // Array.from, not map: a hole is written as null, as JSON.stringify writes it.
  if (Array.isArray(value)) return `[${Array.from(value, (item) => canonicalJson(item) ?? "null").join(",")}]`;
  const record = value as Record<string, unknown>;
  let text = "";
  for (const key of orderedKeys(record)) {
    const member = canonicalJson(record[key]);
    if (member === undefined) continue;
    text += `${text === "" ? "" : ","}${JSON.stringify(key)}:${member}`;
  }
  return `{${text}}`;
}

export function fingerprintOf(operation: string, payload: unknown): string {
  return fingerprintOfCanonical(operation, canonicalJson(payload) ?? "null");
}

/** The fingerprint of a payload already written as canonicalJson writes it (a caller that knows its payload's shape). */
export function fingerprintOfCanonical(operation: string, canonicalPayload: string): string {
  return crypto.hash("sha256", `[${JSON.stringify(operation)},${canonicalPayload}]`, "hex");
}
