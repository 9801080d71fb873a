// A question the coach's previous answer asked instead of guessing (a misspelt or yearless date, an ambiguous day, an
// unknown unit), and the person's answer to it: "yes", the date itself ("3 December 2026", "yesterday"), a unit
// ("kg"), or "no". An answer is read by putting it in place of what was asked about in the earlier message, so
// "pesé 80 kilos ayet" + "sí" is read as "pesé 80 kilos 2026-12-03": the same save the person could have typed.
import type { HistoryItem } from "../../history";
import type { UnitSystem } from "../../../measurements/unit-system";
import { collectCalls } from "./collect-turn-calls";
import type { Clarification } from "./find-clarification";
import { findDateMentions, type DayMention } from "./find-date-mentions";
import { foldText } from "./fold-text";
import { affirmativeOnly, negativeStart } from "./intent-words";
import { interpretUserMessage } from "./interpret-user-message";

export type PendingQuestion = { text: string; question: Clarification };

const answerableKinds = new Set<Clarification["kind"]>(["misspelled_date", "future_yearless", "ambiguous_date", "unknown_date", "unknown_unit"]);
const leadingYes = /^\s*(?:yes|yeah|yep|si|sim|claro|ok|okay)\b[\s,.!:;-]*/;
const unitAnswer = /^\s*(kg|kilos?|quilos?|lbs?|pounds?|libras?)[\s.!]*$/;

/** The question the previous turn ended on, when it asked one of the answerable kinds and called no tool. */
export function findPendingQuestion(options: {
  history: HistoryItem[];
  userIndex: number;
  today: string;
  unitSystem: UnitSystem;
}): PendingQuestion | undefined {
  const before = options.history.slice(0, options.userIndex);
  const previousUser = before.findLastIndex((item) => item.type === "user");
  const asked = before[previousUser];
  if (asked?.type !== "user") return undefined;
  const turn = before.slice(previousUser + 1);
  const answer = turn.at(-1);
  if (answer?.type !== "assistant" || answer.toolCalls.length > 0 || collectCalls(turn).length > 0) return undefined;
  const intent = interpretUserMessage({ text: asked.text, today: options.today, unitSystem: options.unitSystem, hasPendingConflict: false });
  return intent.kind === "clarify" && answerableKinds.has(intent.question.kind) ? { text: asked.text, question: intent.question } : undefined;
}

/** The one reading a plain "yes" accepts. */
function suggestedDate(question: Clarification): string | undefined {
  if (question.kind === "misspelled_date") return question.reading;
  if (question.kind === "future_yearless") return question.lastYear;
  return undefined;
}

/** The day an answer names, when it names one day and nothing else (no values). */
function answeredDate(answer: string, today: string): string | undefined {
  const mentions = findDateMentions({ text: answer, today });
  const days = mentions.filter((mention): mention is DayMention => mention.kind === "day");
  if (days.length === 0 || days.length !== mentions.length || new Set(days.map((day) => day.iso)).size !== 1) return undefined;
  let rest = answer;
  for (const day of [...days].reverse()) rest = rest.slice(0, day.start) + rest.slice(day.end);
  return /\d/.test(rest) ? undefined : days[0]?.iso;
}

function replaceAsked(text: string, asked: string, answer: string): string {
  const at = text.indexOf(asked);
  return at < 0 ? text : text.slice(0, at) + answer + text.slice(at + asked.length);
}

/**
 * The earlier message as the answer completes it, "declined" for a no, or undefined when the new message is no answer
 * to the question (it is then read on its own).
 */
export function answerPendingQuestion({
  pending,
  answer,
  today,
}: {
  pending: PendingQuestion;
  answer: string;
  today: string;
}): string | "declined" | undefined {
  const folded = foldText(answer.normalize("NFC"));
  const { question } = pending;
  if (question.kind === "unknown_unit") {
    const unit = unitAnswer.exec(folded)?.[1];
    const number = /^[-−]?\d+(?:[.,]\d+)?/.exec(question.text)?.[0];
    if (unit && number) return replaceAsked(pending.text, question.text, `${number} ${unit}`);
    return negativeStart.test(folded) && !/\d/.test(folded) ? "declined" : undefined;
  }
  if (!("text" in question)) return undefined;
  const yes = affirmativeOnly.test(folded) ? suggestedDate(question) : undefined;
  const named = answeredDate(answer.normalize("NFC").slice(leadingYes.exec(folded)?.[0].length ?? 0), today);
  const date = yes ?? named;
  // A misspelt word is replaced with its whole date phrase ("10 Novmber 2025"), so no digit of it is left behind.
  const asked = question.kind === "misspelled_date" ? (question.phrase ?? question.text) : question.text;
  if (date) return replaceAsked(pending.text, asked, date);
  return negativeStart.test(folded) && !/\d/.test(folded) ? "declined" : undefined;
}
