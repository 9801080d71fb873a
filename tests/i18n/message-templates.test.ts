// Every sentence the pages can show, in every language, filled as the pages fill it: none may carry a field key
// (weight_kg), JSON, a "(s)"-style plural, or an unfilled {placeholder}.
import { describe, expect, it } from "vitest";
import { formProblemMessage } from "@/app/measurements/form-problem-message";
import { dictionaries } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatPlural } from "@/lib/i18n/format";
import type { MessageText, PluralText } from "@/lib/i18n/message-text";
import { locales } from "@/lib/i18n/locale";
import type { ArgumentProblem } from "@/lib/measurements/validation";
import { measurementFields } from "@/lib/measurements/fields";
import { unitsOf } from "@/lib/measurements/display-units";

/** What the pages put into placeholders: words and localized numbers, never keys. */
const sample: Record<string, string | number> = {
  date: "4 Jan 2020",
  count: 3,
  max: "4,000",
  over: "12",
  min: 20,
  unit: "kg",
  field: "Weight",
  received: "500",
  reply: "Saved.",
  seconds: 30,
  status: 500,
  email: "a@example.test",
  title: "Weight in January",
  today: "4 Jan 2020",
  attempts: 3,
  latency: 12,
  stored: "Weight 80 kg",
  values: "Weight 77.4 kg",
  detail: "Nothing was written.",
  proposed: "Weight 81 kg",
  units: "kilograms and centimetres",
  faults: "lost_ack · write",
  mode: "lost_ack",
  target: "writes",
  provider: "offline",
  model: "palestra-rules-1",
  days: 30,
  time: "4 Jan 2020, 10:00",
  message: "the storage refused the write",
  from: "1 Jan 2020",
  to: "4 Jan 2020",
  outcome: "Answered",
  reason: "a different value is stored",
  round: 1,
  created: 2,
  updated: 1,
  unchanged: 0,
  conflicts: 1,
  row: 4,
  megabytes: 1,
  readings: 120,
  part: 1,
  parts: 3,
  example: "02/05/2024",
  found: 8,
  duplicates: 1,
  merged: 1,
  name: "Phone shortcut",
  browser: "Firefox",
  system: "Windows",
  device: "Firefox on Windows",
  value: "77.4 kg",
  rate: "−0.3 kg",
  records: 5,
  have: 2,
  span: 3,
  first: "80.2",
  last: "79.4",
  dates: "4 Jan 2020, 2 Mar 2020",
};

const pluralCategories = ["zero", "one", "two", "few", "many", "other"] as const;

function isPlural(value: unknown): value is PluralText<string> {
  return (
    typeof value === "object" && value !== null && "other" in value && Object.keys(value).every((key) => (pluralCategories as readonly string[]).includes(key))
  );
}

/** Every rendered template under a dictionary node, with its path: strings filled, plural texts in each form. */
function rendered(node: unknown, path: string): [string, string][] {
  // Walked at run time, so its placeholders are unknown to the compiler: any of the sample's names may be asked for.
  if (typeof node === "string") return [[path, formatMessage(node as MessageText<string>, sample)]];
  if (isPlural(node)) return [1, 2, 5].map((count) => [`${path}[${count}]`, formatPlural(node, count, "en", sample)]);
  if (Array.isArray(node)) return node.flatMap((entry, index) => rendered(entry, `${path}.${index}`));
  if (typeof node === "object" && node !== null) return Object.entries(node).flatMap(([key, value]) => rendered(value, `${path}.${key}`));
  return [];
}

const fieldKey = new RegExp(`\\b(${measurementFields.join("|")})\\b`);
const parenthesisPlural = /\w\((s|es|ões|as|os)\)/;
const json = /[{[]\s*"|"\s*:/;
const placeholder = /\{\w+\}/;

function offences(text: string): string[] {
  return [
    fieldKey.test(text) && "field key",
    parenthesisPlural.test(text) && "(s) plural",
    json.test(text) && "JSON",
    placeholder.test(text) && "unfilled placeholder",
  ].filter((entry): entry is string => typeof entry === "string");
}

const problems: ArgumentProblem[] = [
  { kind: "field_value", field: "weight_kg", received: 500, min: 20, max: 400, unit: "kg", suggestion: 77.4 },
  { kind: "field_value", field: "waist_cm", received: "abc", min: 10, max: 250, unit: "cm", suggestion: 82 },
  { kind: "missing_argument", name: "date", example: "2020-01-04" },
  { kind: "date_format", name: "date", received: "4th of March", example: "2020-03-04" },
  { kind: "future_date", name: "date", received: "2031-01-01", today: "2030-12-31" },
  { kind: "values_required", received: {}, example: { weight_kg: 77.4 } },
  { kind: "note_invalid", received: "x".repeat(3000), maxLength: 2000 },
  { kind: "note_malformed", received: "\uD83D", surrogate: "\\uD83D", index: 0 },
  { kind: "unknown_field", names: ["weight"], valid: ["weight_kg"] },
  { kind: "unknown_argument", names: ["when"], valid: ["date", "values"] },
  { kind: "boolean_argument", name: "replace", received: "yes" },
];

describe("the pages' message templates", () => {
  for (const locale of locales) {
    it(`carry no field key, JSON, "(s)" plural or unfilled placeholder: ${locale}`, () => {
      const { qa, ...pages } = dictionaries[locale];
      // The QA page names storage fault modes and codes on purpose (its readers inject them); its counts must still be
      // real plurals.
      const found = [...rendered(pages, locale), ...rendered({ remaining: qa.remaining, cleared: qa.cleared }, `${locale}.qa`)]
        .map(([path, text]) => [path, text, offences(text)] as const)
        .filter(([, , kinds]) => kinds.length > 0);
      expect(found).toEqual([]);
    });

    it(`word every form problem for people, with the field's label and the person's units: ${locale}`, () => {
      const text = dictionaries[locale].measurements;
      for (const system of ["metric", "imperial"] as const) {
        for (const problem of problems) {
          const message = formProblemMessage(problem, { locale, text, units: unitsOf(system), typed: { weight_kg: "500", waist_cm: "abc" } });
          expect([problem.kind, message, offences(message)]).toEqual([problem.kind, message, []]);
          expect(message).not.toMatch(/Send \d|Envía \d|Envie \d/);
        }
      }
    });
  }

  it("counts in real plurals, through Intl.PluralRules", async () => {
    const requests = dictionaries.en.chat.modelRequests;
    expect([1, 3].map((count) => formatPlural(requests, count, "en"))).toEqual(["1 model request", "3 model requests"]);
    expect(formatPlural(dictionaries.pt.chat.modelRequests, 2, "pt")).toBe("2 requisições ao modelo");
    expect(formatPlural(dictionaries.es.qa.remaining, 1, "es")).toBe("queda 1 intento");
  });
});
