import { describe, expect, it } from "vitest";
import { idempotencyKeyProblem, parseIdempotencyKeyHeader } from "@/lib/http/idempotency-key-header";
import { problemTypeUri } from "@/lib/http/problem";

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
      expect(parsed.ok === false && parsed.reason, value).not.toBe("missing");
    }
    expect(keyOf(`"${"k".repeat(255)}"`)).toHaveLength(255);
  });

  it("calls an absent or blank header missing", () => {
    for (const value of [null, "", "   "]) {
      const parsed = parseIdempotencyKeyHeader(value);
      expect(parsed.ok === false && parsed.reason).toBe("missing");
    }
  });
});

describe("idempotencyKeyProblem", () => {
  it("names the request that needs the key: a PUT, or an import", async () => {
    const required = (request: "put" | "import") => idempotencyKeyProblem({ failure: { ok: false, reason: "missing" }, request }).json();
    expect(await required("put")).toMatchObject({
      type: problemTypeUri("idempotency_key_required"),
      detail: "PUT needs an Idempotency-Key header: a new unique value (a UUID) per intended change, reused only to retry it.",
    });
    expect(await required("import")).toMatchObject({
      type: problemTypeUri("idempotency_key_required"),
      detail: "An import needs an Idempotency-Key header: a new unique value (a UUID) per intended change, reused only to retry it.",
    });
  });

  it("says why a present key is refused, whichever request it came with", async () => {
    const parsed = parseIdempotencyKeyHeader(`"${"k".repeat(256)}"`);
    if (parsed.ok) throw new Error("a 256-character key was accepted");
    const response = idempotencyKeyProblem({ failure: parsed, request: "import" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: problemTypeUri("idempotency_key_invalid"),
      detail:
        'The Idempotency-Key header must be at most 255 characters; it has 256. Send one structured-field string, for example Idempotency-Key: "8e03978e-40d5-43e8-bc93-6894a57f9324".',
    });
  });
});
