// Which of English, Spanish and Portuguese a reply is written in, from function words each language uses and the
// others do not (a measurement name or a date says nothing). Kept apart from the offline coach's own detection, so
// changing the coach never changes how a model is scored.
import type { Locale } from "@/lib/i18n/locale";

const candidateWords: Record<Locale, string[]> = {
  en: (
    "the a an and or but is are was were be been have has had do does did not no there this that these those it its " +
    "you your i my me we on of for with from to in at by what which when how if then than could would should will can " +
    "record records weight saved found read any some only"
  ).split(" "),
  es: (
    "el la los las un una unos unas y o pero es son era fue está están estaba hay había ha han no sí este esta estos " +
    "eso lo tu tus usted mi mis del al en con para por desde hasta qué cuál cuándo cómo si entonces que puedo puede " +
    "registro registros peso guardado encontré ningún ninguna también pesabas pesaba"
  ).split(" "),
  pt: (
    "o a os as um uma uns umas e ou mas é são era foi está estão estava há havia tem não sim este esta isso isto " +
    "você seu sua seus suas meu minha do da dos das no na nos nas em com para por desde até que qual quando como se " +
    "então posso pode registro registros peso salvo encontrei nenhum nenhuma também pesava"
  ).split(" "),
};

// A word two of the languages share ("no", "para", "a") is no evidence: only the words one language alone uses count.
function wordsOnlyIn(locale: Locale): ReadonlySet<string> {
  const others = (Object.keys(candidateWords) as Locale[]).filter((other) => other !== locale).flatMap((other) => candidateWords[other]);
  return new Set(candidateWords[locale].filter((word) => !others.includes(word)));
}
const markers: Record<Locale, ReadonlySet<string>> = { en: wordsOnlyIn("en"), es: wordsOnlyIn("es"), pt: wordsOnlyIn("pt") };

// Letters only one of the three uses.
const letterHints: { pattern: RegExp; locale: Locale }[] = [
  { pattern: /[ñ¿¡]/giu, locale: "es" },
  { pattern: /[ãõç]/giu, locale: "pt" },
];

/** Fewer signal words than this and the text is too short to tell. */
const MIN_SIGNAL = 3;

/** The language the text is written in, or undefined when it is too short or too mixed to tell. */
export function detectReplyLanguage(text: string): Locale | undefined {
  const lower = text.normalize("NFC").toLowerCase();
  const words = lower.match(/\p{L}+/gu) ?? [];
  const scores = new Map<Locale, number>(
    (Object.keys(candidateWords) as Locale[]).map((locale) => [locale, words.filter((word) => markers[locale].has(word)).length]),
  );
  for (const hint of letterHints) scores.set(hint.locale, (scores.get(hint.locale) ?? 0) + 2 * (lower.match(hint.pattern)?.length ?? 0));
  const ranked = [...scores.entries()].sort((left, right) => right[1] - left[1]);
  const [first, second] = ranked;
  if (!first || first[1] < MIN_SIGNAL) return undefined;
  // A text that mixes two languages about evenly is not called either.
  if (second && first[1] < 2 * second[1]) return undefined;
  return first[0];
}
