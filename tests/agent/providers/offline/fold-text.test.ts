// foldText's fast paths (ASCII lower-cased whole, other characters remembered once folded) give exactly what folding
// each character on its own gives, and never change a position.
import { describe, expect, it } from "vitest";
import { foldText } from "@/lib/agent/providers/offline/fold-text";

/** The definition: each character decomposed, its marks dropped, lower-cased; kept as it was if that changed its length. */
function foldEachCharacter(text: string): string {
  let folded = "";
  for (const character of text) {
    const simple = character.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    folded += simple.length === character.length ? simple : character;
  }
  return folded;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join("");

describe("foldText", () => {
  it("folds the languages' own words", () => {
    expect(foldText("Março PESCOÇO días")).toBe("marco pescoco dias");
    expect(foldText("Save WEIGHT 77.9 kg")).toBe("save weight 77.9 kg");
  });

  it("gives what folding each character gives, for ASCII, Latin, Greek, Cyrillic, Turkish İ, ß, ligatures and emoji", () => {
    const texts = [
      range(0x00, 0x7f),
      range(0x80, 0x24f),
      range(0x370, 0x3ff),
      range(0x400, 0x4ff),
      "İstanbul ıi ß ﬁ ǅ Ǆ",
      "peso 80 kg 💪🏽 cintura 88 cm",
      "Peso: 80,4 KG (ontem à noite) — cintura 88",
    ];
    for (const text of texts) {
      const normalized = text.normalize("NFC");
      // Twice: the second pass reads what the first remembered.
      for (let pass = 0; pass < 2; pass += 1) {
        const folded = foldText(normalized);
        expect(folded).toBe(foldEachCharacter(normalized));
        expect(folded.length).toBe(normalized.length);
      }
    }
  });
});
