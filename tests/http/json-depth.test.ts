// The nesting measure used at the door: iterative, so a 100,000-deep value is measured without overflowing the stack.
import { describe, expect, it } from "vitest";
import { exceedsJsonDepth, jsonTextExceedsDepth, MAX_JSON_DEPTH } from "@/lib/http/json-depth";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("exceedsJsonDepth", () => {
  it("measures objects and arrays, refusing one level past the limit", () => {
    expect(exceedsJsonDepth(JSON.parse(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(exceedsJsonDepth(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(exceedsJsonDepth({ a: { b: [1, { c: "x" }] } }, 4)).toBe(false);
    expect(exceedsJsonDepth({ a: { b: [1, { c: {} }] } }, 4)).toBe(true);
    for (const scalar of [null, 1, "text", true]) expect(exceedsJsonDepth(scalar)).toBe(false);
  });

  it("measures a 100,000-deep value parsed from a request without a stack overflow", () => {
    expect(exceedsJsonDepth(JSON.parse(nested(100_000)))).toBe(true);
    expect(exceedsJsonDepth(JSON.parse(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`))).toBe(true);
  });
});

describe("jsonTextExceedsDepth", () => {
  it("counts brackets outside strings only", () => {
    expect(jsonTextExceedsDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextExceedsDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextExceedsDepth(JSON.stringify(["[".repeat(1_000), '\\"[[[[']))).toBe(false);
  });
});
