// Days named relative to today: "today", "ayer", "anteontem", "3 days ago", "hace 2 semanas", "on Monday",
// "el viernes pasado", "tomorrow", "next Monday", "in 3 days". Future days are kept as dates: the save tool refuses them.
import { addDays, mostRecentWeekday, nextWeekday } from "./calendar-dates";
import { candidatesOf, dayOf, type Candidate } from "./date-candidate";
import { countFrom, countPattern, englishWeekdays, portugueseWeekdays, portugueseWorkdays, spanishWeekdays, weekdayFromName } from "./date-words";

// "mañana" is tomorrow, but "esta mañana", "por la mañana", "ayer por la mañana" are a morning.
const tomorrowEs = "(?<!(?:esta|la|una|cada|toda la|de la) )manana";
const relativeDays: Array<[RegExp, number]> = [
  [/\b(?:(?:the )?day before yesterday|anteayer|antier|antes de ayer|anteontem|antes de ontem)\b/g, -2],
  [/\b(?:yesterday(?: morning| evening| afternoon)?|last night|ayer(?: por la (?:manana|tarde|noche))?|anoche|ontem(?: de manha| a tarde| a noite)?)\b/g, -1],
  [
    /\b(?:today|this morning|this afternoon|this evening|tonight|hoy(?: por la (?:manana|tarde|noche))?|esta (?:manana|tarde|noche)|hoje(?: de manha| a tarde| a noite)?|(?:esta|nesta) (?:manha|noite)|hoje cedo)\b/g,
    0,
  ],
  [new RegExp(`\\b(?:tomorrow|${tomorrowEs}|amanha)\\b`, "g"), 1],
  [/\b(?:the day after tomorrow|pasado manana|depois de amanha)\b/g, 2],
];
const unitDays = (unit: string) => (/^(?:weeks?|semanas?)$/.test(unit) ? 7 : 1);
const agoPatterns = [
  new RegExp(`\\b(${countPattern}) (days?|weeks?) ago\\b`, "g"),
  new RegExp(`\\bhace (${countPattern}) (dias?|semanas?)\\b`, "g"),
  new RegExp(`\\b(?:ha|faz) (${countPattern}) (dias?|semanas?)\\b`, "g"),
  new RegExp(`\\b(${countPattern}) (dias?|semanas?) atras\\b`, "g"),
];
const aheadPatterns = [
  new RegExp(`\\bin (${countPattern}) (days?|weeks?)\\b`, "g"),
  new RegExp(`\\b(${countPattern}) (days?|weeks?) from now\\b`, "g"),
  new RegExp(`\\b(?:dentro de|en|daqui a|em) (${countPattern}) (dias?|semanas?)\\b`, "g"),
];
const lastWeekdayPatterns = [
  new RegExp(`\\b(?:last|past|previous|this past) (${englishWeekdays})\\b`, "g"),
  new RegExp(`\\b(?:el )?(${spanishWeekdays}) pasado\\b`, "g"),
  new RegExp(`\\b(?:el )?(?:pasado|ultimo) (${spanishWeekdays})\\b`, "g"),
  new RegExp(`\\b(?:na |no )?(${portugueseWeekdays}) passad[oa]\\b`, "g"),
  new RegExp(`\\b(?:na |no )?ultim[oa] (${portugueseWeekdays})\\b`, "g"),
];
const nextWeekdayPatterns = [
  new RegExp(`\\b(?:next|this coming|coming) (${englishWeekdays})\\b`, "g"),
  new RegExp(`\\b(?:el )?proximo (${spanishWeekdays})\\b`, "g"),
  new RegExp(`\\b(?:el )?(${spanishWeekdays}) (?:que viene|proximo)\\b`, "g"),
  new RegExp(`\\b(?:na |no )?proxim[oa] (${portugueseWeekdays})\\b`, "g"),
  new RegExp(`\\b(?:na |no )?(${portugueseWeekdays}) (?:que vem|proxim[oa])\\b`, "g"),
];
const weekdayPatterns = [
  new RegExp(`\\b(?:on )?(?:this )?(${englishWeekdays})\\b`, "g"),
  new RegExp(`\\b(?:el )?(${spanishWeekdays})\\b`, "g"),
  new RegExp(`\\b(?:na|no) (${portugueseWeekdays})\\b`, "g"),
  new RegExp(`\\b((?:${portugueseWorkdays})(?:-feira| feira)|sabado|domingo)\\b`, "g"),
];

export function collectRelativeCandidates(folded: string, today: string): Candidate[] {
  const weekday = (name: string | undefined) => weekdayFromName(name ?? "") ?? 0;
  return [
    ...relativeDays.flatMap(([pattern, offset]) => candidatesOf(folded, pattern, () => dayOf(addDays(today, offset)))),
    ...agoPatterns.flatMap((pattern) => candidatesOf(folded, pattern, (match) => dayOf(addDays(today, -countFrom(match[1] ?? "") * unitDays(match[2] ?? ""))))),
    ...aheadPatterns.flatMap((pattern) =>
      candidatesOf(folded, pattern, (match) => dayOf(addDays(today, countFrom(match[1] ?? "") * unitDays(match[2] ?? "")))),
    ),
    ...lastWeekdayPatterns.flatMap((pattern) =>
      candidatesOf(folded, pattern, (match) => dayOf(mostRecentWeekday({ weekday: weekday(match[1]), today, strictlyBefore: true }))),
    ),
    ...nextWeekdayPatterns.flatMap((pattern) => candidatesOf(folded, pattern, (match) => dayOf(nextWeekday({ weekday: weekday(match[1]), today })))),
    ...weekdayPatterns.flatMap((pattern) =>
      candidatesOf(folded, pattern, (match) => dayOf(mostRecentWeekday({ weekday: weekday(match[1]), today, strictlyBefore: false }))),
    ),
  ];
}
