import { describe, expect, it } from "vitest";
import { parseIdempotencyKeyHeader } from "@/lib/http/idempotency-key-header";

const keyOf = (value: string | null) => {
  const parsed = parseIdempotencyKeyHeader(value);
  return parsed.ok ? parsed.key : null;
};

describe("parseIdempotencyKeyHeader", () => {
  it("reads a quoted structured-field string and the same bare token as one key", () => {
    expect(keyOf('"abc"')).toBe("abc");
    expect(keyOf("abc")).toBe("abc");
    expect(keyOf('  "a b, c"  ')).toBe("a b, c");
    expect(keyOf('"say \\"hi\\""')).toBe('say "hi"');
  });

  it("accepts a bare UUID, an HTTP token though not an RFC 8941 one, as the key the quoted form names", () => {
    const uuid = "550e8400-e29b-41d4-a716-446655440000";
    expect(keyOf(uuid)).toBe(uuid);
    expect(keyOf(`"${uuid}"`)).toBe(uuid);
  });

  it("refuses two copies merged by Node.js, parameters, other item types and empty or overlong keys", () => {
    for (const value of ['"a", "b"', "a, b", '"abc";x=1', "?1", ":YWJj:", '""', `"${"k".repeat(256)}"`, '"unterminated', "tab\there"]) {
      const parsed = parseIdempotencyKeyHeader(value);
      expect(parsed.ok, value).toBe(false);
      expect(parsed.ok === false && parsed.missing, value).toBe(false);
    }
    expect(keyOf(`"${"k".repeat(255)}"`)).toHaveLength(255);
  });

  it("calls an absent or blank header missing", () => {
    for (const value of [null, "", "   "]) {
      const parsed = parseIdempotencyKeyHeader(value);
      expect(parsed.ok === false && parsed.missing).toBe(true);
    }
  });
});
