import { describe, expect, it } from "vitest";
import { hasControlCharacters, truncateCodePoints } from "@/lib/text/well-formed-text";

describe("truncateCodePoints", () => {
  it("never cuts a surrogate pair in half", () => {
    const text = `${"x".repeat(79)}💪 and more`;
    // slice(0, 80) on UTF-16 units would keep only the high half of the emoji.
    expect(text.slice(0, 80)).toMatch(/\p{Cs}$/u);
    expect(truncateCodePoints(text, 80)).toBe(`${"x".repeat(79)}💪`);
    expect(truncateCodePoints("short", 80)).toBe("short");
  });
});

describe("hasControlCharacters", () => {
  it("finds NUL, escape, carriage return, DEL and C1 controls, and allows tab, newline and ordinary text", () => {
    for (const text of ["a\u0000b", "\u001b[31mred", "line\r", "del\u007f", "c1\u0085"]) expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    for (const text of ["Ana María", "tab\there", "two\nlines", "emoji 💪", "ĳ ß ñ"]) expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
  });
});
