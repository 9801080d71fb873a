// Test fixture: fast-check arbitraries for save messages whose meaning is known by construction: the date they name
// (computed here, independently of the coach's parser), or that they name no usable date, and the value's sign and unit.
import fc from "fast-check";

export const PROPERTY_TODAY = "2026-12-01";

const dayMs = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
const todayTime = Date.parse(`${PROPERTY_TODAY}T00:00:00Z`);
const daysAgo = (days: number) => iso(todayTime - days * dayMs);

/** What a date phrase means: the day, "no day named" (today is meant), a future day (refused) or nothing usable. */
export type DateMeaning = { kind: "day"; iso: string } | { kind: "none" } | { kind: "future"; iso: string } | { kind: "unusable" };
export type DatePhrase = { text: string; meaning: DateMeaning };

const monthNames = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  pt: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
};
// Monday = 0; 2026-12-01 is a Tuesday (1).
const weekdays = {
  en: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  es: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
  pt: ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"],
};
const TODAY_WEEKDAY = 1;

const pastDay = fc.integer({ min: 0, max: 900 }).map((days) => {
  const date = new Date(todayTime - days * dayMs);
  return { iso: iso(date.getTime()), year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
});
const language = fc.constantFrom("en" as const, "es" as const, "pt" as const);
const day = (text: string, date: string): DatePhrase => ({ text, meaning: { kind: "day", iso: date } });

const knownPhrases: Array<fc.Arbitrary<DatePhrase>> = [
  fc.constant<DatePhrase>({ text: "", meaning: { kind: "none" } }),
  fc.constantFrom(
    day("yesterday", daysAgo(1)),
    day("ayer", daysAgo(1)),
    day("ontem", daysAgo(1)),
    day("today", daysAgo(0)),
    day("hoy", daysAgo(0)),
    day("hoje", daysAgo(0)),
  ),
  fc.constantFrom(
    day("the day before yesterday", daysAgo(2)),
    day("anteayer", daysAgo(2)),
    day("anteontem", daysAgo(2)),
    day("this morning", daysAgo(0)),
    day("esta mañana", daysAgo(0)),
  ),
  pastDay.map(({ iso: date }) => day(`on ${date}`, date)),
  fc.tuple(pastDay, language).map(([date, lang]) => {
    const month = monthNames[lang][date.month] ?? "";
    return day(lang === "en" ? `on ${date.day} ${month} ${date.year}` : `el ${date.day} de ${month} de ${date.year}`, date.iso);
  }),
  fc
    .tuple(fc.integer({ min: 1, max: 60 }), language)
    .map(([count, lang]) => day(lang === "en" ? `${count} days ago` : lang === "es" ? `hace ${count} días` : `há ${count} dias`, daysAgo(count))),
  fc
    .tuple(fc.integer({ min: 1, max: 8 }), language)
    .map(([count, lang]) => day(lang === "en" ? `${count} weeks ago` : lang === "es" ? `hace ${count} semanas` : `há ${count} semanas`, daysAgo(count * 7))),
  fc.tuple(fc.integer({ min: 0, max: 6 }), language, fc.boolean()).map(([weekday, lang, last]) => {
    const back = (TODAY_WEEKDAY - weekday + 7) % 7;
    const date = daysAgo(last && back === 0 ? 7 : back);
    const name = weekdays[lang][weekday] ?? "";
    if (!last) return day(lang === "en" ? `on ${name}` : lang === "es" ? `el ${name}` : `no ${name}`, date);
    return day(lang === "en" ? `last ${name}` : lang === "es" ? `el ${name} pasado` : `${name} passada`, date);
  }),
];

const unusablePhrases: Array<fc.Arbitrary<DatePhrase>> = [
  fc
    .constantFrom(
      "on my birthday",
      "en mi cumpleaños",
      "no meu aniversário",
      "the other day",
      "hace unos días",
      "on the 5th of Smarch",
      "next week",
      "la semana que viene",
      "last week",
    )
    .map((text) => ({
      text,
      meaning: { kind: "unusable" as const },
    })),
  // Both readings real and different: ambiguous.
  fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2020, max: 2026 }))
    .filter(([first, second]) => first !== second)
    .map(([first, second, year]) => ({
      text: `on ${String(first).padStart(2, "0")}/${String(second).padStart(2, "0")}/${year}`,
      meaning: { kind: "unusable" as const },
    })),
  fc
    .constantFrom("on 31 November 2026", "on 30 February 2025", "on 2026-02-30", "el 31 de abril de 2026", "em 31 de junho de 2025")
    .map((text) => ({ text, meaning: { kind: "unusable" as const } })),
];

const futurePhrases: Array<fc.Arbitrary<DatePhrase>> = [
  fc.constantFrom<DatePhrase>(
    { text: "tomorrow", meaning: { kind: "future", iso: "2026-12-02" } },
    { text: "mañana", meaning: { kind: "future", iso: "2026-12-02" } },
  ),
  fc.integer({ min: 1, max: 300 }).map((days) => {
    const date = iso(todayTime + days * dayMs);
    return { text: `on ${date}`, meaning: { kind: "future" as const, iso: date } };
  }),
];

export const datePhrase: fc.Arbitrary<DatePhrase> = fc.oneof(...knownPhrases, ...unusablePhrases, ...futurePhrases);

/** A weight as written: its sign, number and unit word, and how a save must carry it. */
export type WrittenWeight = { text: string; value: number; unit: "kg" | "lb" | "none" | "unknown" };

const unitWords: Array<[string, WrittenWeight["unit"]]> = [
  ["kg", "kg"],
  ["kilos", "kg"],
  ["quilos", "kg"],
  ["lb", "lb"],
  ["lbs", "lb"],
  ["pounds", "lb"],
  ["libras", "lb"],
  ["", "none"],
  ["stone", "unknown"],
  ["kgs", "unknown"],
];

export const writtenWeight: fc.Arbitrary<WrittenWeight> = fc
  .tuple(fc.boolean(), fc.integer({ min: 10, max: 3000 }), fc.boolean(), fc.constantFrom(...unitWords), fc.boolean())
  .map(([negative, tenths, withDecimal, [word, unit], comma]) => {
    const magnitude = withDecimal ? tenths / 10 : Math.round(tenths / 10);
    const value = negative ? -magnitude : magnitude;
    const number = `${negative ? "-" : ""}${String(magnitude).replace(".", comma ? "," : ".")}`;
    return { text: word ? `${number} ${word}` : number, value, unit };
  });

export const fieldWord = fc.constantFrom("weight", "I weigh", "peso", "pesé", "pesei", "I weighed");
export const filler = fc.constantFrom("", "please", "por favor", "ok", "thanks", "obrigado");
