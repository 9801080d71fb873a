// For any save sentence whose one date word is corrupted by up to two edits (insert, delete, substitute, swap of
// neighbours), the offline coach either asks or saves on the date the uncorrupted word means: never on today unless the
// word meant today (offline-coach.md §5). Two kinds of corruption are not misspellings and are left out: one that
// spells a word the coach knows ("ayer" → "ver", "junio" → "julio"), and a remnant under three letters ("ayer" → "ay").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideNextStep } from "@/lib/agent/providers/offline/decide-next-step";
import { isKnownWord } from "@/lib/agent/providers/offline/known-words";
import { foldText } from "@/lib/agent/providers/offline/fold-text";
import { monthByName } from "@/lib/agent/providers/offline/month-names";
import { weekdayByName } from "@/lib/agent/providers/offline/date-words";

/** A Friday, so that weekdays, "yesterday" and "last week" all fall in other days. */
const TODAY = "2026-12-04";

type Sentence = { language: "en" | "es" | "pt"; before: string; word: string; after: string };

const sentences: Sentence[] = [
  ...["yesterday", "today", "tomorrow"].map((word) => ({ language: "en" as const, before: "I weighed 80 kg ", word, after: "" })),
  ...["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((word) => ({
    language: "en" as const,
    before: "I weighed 80 kg on ",
    word,
    after: "",
  })),
  ...["january", "march", "june", "july", "september", "november", "december"].map((word) => ({
    language: "en" as const,
    before: "I weighed 80 kg on 2 ",
    word,
    after: "",
  })),
  ...["ayer", "anteayer", "hoy", "mañana"].map((word) => ({ language: "es" as const, before: "pesé 80 kg ", word, after: "" })),
  ...["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"].map((word) => ({
    language: "es" as const,
    before: "pesé 80 kg el ",
    word,
    after: "",
  })),
  ...["viernes", "lunes"].map((word) => ({ language: "es" as const, before: "pesé 80 kg el ", word, after: " pasado" })),
  ...["enero", "marzo", "mayo", "junio", "julio", "octubre", "diciembre"].map((word) => ({
    language: "es" as const,
    before: "pesé 80 kg el 2 de ",
    word,
    after: "",
  })),
  ...["ontem", "anteontem", "hoje", "amanhã"].map((word) => ({ language: "pt" as const, before: "pesei 80 kg ", word, after: "" })),
  ...["segunda", "terça", "quarta", "quinta", "sexta"].map((word) => ({ language: "pt" as const, before: "pesei 80 kg na ", word, after: "" })),
  ...["sábado", "domingo"].map((word) => ({ language: "pt" as const, before: "pesei 80 kg no ", word, after: "" })),
  ...["janeiro", "março", "maio", "junho", "agosto", "novembro", "dezembro"].map((word) => ({
    language: "pt" as const,
    before: "pesei 80 kg em 2 de ",
    word,
    after: "",
  })),
];

const letters = "abcdefghijklmnopqrstuvwxyzáéíóúãçñ";
type Edit = { kind: "insert" | "delete" | "substitute" | "swap"; at: number; letter: string };
const edit = fc.record({
  kind: fc.constantFrom<Edit["kind"]>("insert", "delete", "substitute", "swap"),
  at: fc.nat(),
  letter: fc.constantFrom(...letters.split("")),
});

function applyEdit(word: string, { kind, at, letter }: Edit): string {
  const index = at % (word.length + (kind === "insert" ? 1 : 0));
  if (kind === "insert") return word.slice(0, index) + letter + word.slice(index);
  if (kind === "delete") return word.slice(0, index) + word.slice(index + 1);
  if (kind === "substitute") return word.slice(0, index) + letter + word.slice(index + 1);
  if (index >= word.length - 1) return word;
  return word.slice(0, index) + (word[index + 1] ?? "") + (word[index] ?? "") + word.slice(index + 2);
}

/** The save a message makes at once (its date), or undefined when the coach answers with text (asks). */
function savedDate(message: string): string | undefined {
  const response = decideNextStep({ history: [{ type: "user", text: message }], today: TODAY });
  const save = response.toolCalls.find((call) => call.name === "save_measurement");
  return save ? (JSON.parse(save.arguments) as { date: string }).date : undefined;
}

/** A corruption that spells a word the coach knows, or a date word itself, is another word, not a misspelling. */
function isOtherWord(word: string): boolean {
  const folded = foldText(word);
  return (
    isKnownWord(folded) ||
    monthByName.has(folded) ||
    weekdayByName.has(folded) ||
    ["yesterday", "today", "tomorrow", "ayer", "hoy", "manana", "anteayer", "ontem", "hoje", "amanha", "anteontem", "pasado"].includes(folded)
  );
}

describe("the offline coach with a misspelt date word", () => {
  it("saves each uncorrupted sentence on the date its word means (the reference)", () => {
    for (const sentence of sentences) {
      const date = savedDate(`${sentence.before}${sentence.word}${sentence.after}`);
      // "tomorrow" and "December 2" (still ahead) are no days to save: the coach refuses or asks; every other one saves.
      if (!["tomorrow", "mañana", "amanhã", "december", "diciembre", "dezembro"].includes(sentence.word)) expect(date, sentence.word).toBeDefined();
    }
  });

  it("asks, or saves on the date the word meant, never on another day", () => {
    let asked = 0;
    fc.assert(
      fc.property(fc.constantFrom(...sentences), fc.array(edit, { minLength: 1, maxLength: 2 }), (sentence, edits) => {
        const corrupted = edits.reduce(applyEdit, sentence.word);
        fc.pre(corrupted.length >= 3 && foldText(corrupted) !== foldText(sentence.word) && !isOtherWord(corrupted));
        const meant = savedDate(`${sentence.before}${sentence.word}${sentence.after}`);
        const message = `${sentence.before}${corrupted}${sentence.after}`;
        const date = savedDate(message);
        if (date === undefined) asked += 1;
        else expect(date, `"${message}" (meant "${sentence.word}")`).toBe(meant);
      }),
      { numRuns: 3000 },
    );
    // Not vacuous: most corruptions are asked about.
    expect(asked).toBeGreaterThan(1000);
  });
});
