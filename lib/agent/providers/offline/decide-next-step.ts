// The offline coach's brain: a pure, deterministic function from the conversation so far to the next model response.
// What it does not understand for sure (a date, a unit, a confirmation with nothing to confirm) it asks about or
// explains, calling no tool: it may understand little, but it never misunderstands silently.
//
// Deliberate, documented imitation of two common model mistakes, so QA and the E2E suite can exercise the
// bad_arguments correction path with no real model:
//   1. a date written with an English ordinal suffix ("on the 4th of March 2020") is first sent exactly as written
//      ({"date": "4th of March 2020"});
//   2. values written as name=value pairs ("weight=77.4kg") are first sent verbatim ({"values": {"weight": "77.4kg"}}),
//      unless they are in pounds or inches (the corrected call could not carry their units).
// After the bad_arguments result the corrected call follows. Everything else is sent right the first time, so a
// normal scenario takes the fewest model rounds.
import type { HistoryItem } from "../../history";
import type { Locale } from "../../../i18n/locale";
import type { MeasurementField } from "../../../measurements/fields";
import type { UnitSystem } from "../../../measurements/unit-system";
import type { ModelResponse } from "../types";
import { currentLocalDate } from "./calendar-dates";
import { collectCurrentTurn } from "./collect-turn-calls";
import { decideGoalStep } from "./decide-goal-step";
import { decideListStep } from "./decide-list-step";
import { decideReadStep } from "./decide-read-step";
import { decideSaveStep } from "./decide-save-step";
import { decideTrendStep } from "./decide-trend-step";
import { describeClarification } from "./describe-clarification";
import { fieldFromName } from "./field-words";
import type { Clarification } from "./find-clarification";
import { formatDate } from "./format-measurements";
import type { Step } from "./follow-call-chain";
import type { UserIntent } from "./interpret-user-message";
import { offlineMessages } from "./offline-messages";
import { readSystemPrompt } from "./read-system-prompt";
import { recentDayExample } from "./recent-day-example";
import { understandTurn } from "./understand-turn";

export type DecideNextStepInput = {
  system?: string;
  history: HistoryItem[];
  /** Overrides the system prompt's date line. */
  today?: string;
  /** Used when neither the latest user message nor the system prompt shows a language. */
  locale?: Locale;
  /** Overrides the system prompt's unit line (metric when neither gives one). */
  unitSystem?: UnitSystem;
};

/** The values of the first save: name=value pairs verbatim (the deliberate mistake), other values as parsed. */
function firstSaveValues(intent: Extract<UserIntent, { kind: "save" }>): Record<string, unknown> {
  if (!intent.verbatimPairs || intent.units) return intent.values;
  const fromPairs = new Set(Object.keys(intent.verbatimPairs).map((name) => fieldFromName(name)));
  const others = Object.entries(intent.values).filter(([field]) => !fromPairs.has(field as MeasurementField));
  return { ...intent.verbatimPairs, ...Object.fromEntries(others) };
}

/** The answers a question offers as buttons, each a message the person could type. */
function clarificationReplies(question: Clarification, locale: Locale): string[] {
  const messages = offlineMessages[locale];
  switch (question.kind) {
    case "misspelled_date":
      return question.reading ? [`${messages.yes}, ${formatDate(question.reading, locale)}`, messages.no] : [];
    case "future_yearless":
      return [`${messages.yes}, ${formatDate(question.lastYear, locale)}`, messages.no];
    case "ambiguous_date":
      return question.readings.map((reading) => formatDate(reading, locale));
    case "unknown_unit":
      return /^[-−]?\d/.test(question.text) ? ["kg", "lb"] : [];
    default:
      return [];
  }
}

function decideForIntent(options: {
  intent: UserIntent;
  pendingConflict?: Record<string, unknown>;
  calls: ReturnType<typeof collectCurrentTurn> & object;
  today: string;
  locale: Locale;
  unitSystem: UnitSystem;
}): Step {
  const { intent, pendingConflict, today, locale, unitSystem } = options;
  const { calls } = options.calls;
  const messages = offlineMessages[locale];
  switch (intent.kind) {
    case "read":
      return decideReadStep({ dates: intent.dates, fallback: intent.fallback, calls, today, locale });
    case "list":
      return decideListStep({ ...intent, calls, today, locale });
    case "progress":
      return decideTrendStep({ from: intent.from, to: intent.to, named: intent.named, fields: intent.fields, calls, locale });
    case "save": {
      const first = {
        date: intent.date.ordinal ? intent.date.raw : intent.date.iso,
        values: firstSaveValues(intent),
        ...(intent.note !== undefined ? { note: intent.note } : {}),
        ...(intent.replace ? { replace: true } : {}),
        ...(intent.units ? { units: intent.units } : {}),
      };
      return decideSaveStep({ first, replacing: intent.replace, dateSaid: intent.dateSaid, fallbackDate: intent.date.iso, calls, today, locale, unitSystem });
    }
    case "replace": {
      if (!pendingConflict) return { text: messages.nothingToConfirm };
      const fallbackDate = typeof pendingConflict.date === "string" ? pendingConflict.date : today;
      return decideSaveStep({ first: { ...pendingConflict, replace: true }, replacing: true, fallbackDate, calls, today, locale, unitSystem });
    }
    case "goal":
      return decideGoalStep({ intent, calls, locale });
    case "clarify": {
      const quickReplies = clarificationReplies(intent.question, locale);
      return { text: describeClarification({ question: intent.question, locale }), ...(quickReplies.length > 0 ? { quickReplies } : {}) };
    }
    case "declined-question":
      return { text: messages.declinedQuestion };
    case "greeting":
      return { text: messages.greeting };
    case "thanks":
      return { text: messages.thanks };
    case "delete":
      return { text: messages.cannotDelete };
    case "decline":
      return { text: messages.keptStoredValue };
    case "nothing-to-confirm":
      return { text: messages.nothingToConfirm };
    case "help":
      return { text: messages.help(recentDayExample(today, locale)) };
  }
}

/**
 * Given the conversation so far (the last item a new user message or the current turn's tool results), returns the
 * next tool calls or the final answer. Call ids derive from the history length and the call index, so they are
 * stable across replays and unique within the conversation.
 */
export function decideNextStep(input: DecideNextStepInput): ModelResponse {
  const fromSystem = readSystemPrompt(input.system);
  const today = input.today ?? fromSystem.today ?? currentLocalDate();
  const turn = collectCurrentTurn(input.history);
  const defaultLocale = fromSystem.locale ?? input.locale ?? "en";
  if (!turn) return { text: offlineMessages[defaultLocale].help(recentDayExample(today, defaultLocale)), toolCalls: [] };
  const unitSystem = input.unitSystem ?? fromSystem.unitSystem ?? "metric";
  const { locale, pendingConflict, intent } = understandTurn({ history: input.history, userIndex: turn.userIndex, today, unitSystem, defaultLocale });
  const step = decideForIntent({ intent, pendingConflict: pendingConflict?.arguments, calls: turn, today, locale, unitSystem });
  if ("text" in step) return { text: step.text, toolCalls: [], ...(step.quickReplies?.length ? { quickReplies: step.quickReplies } : {}) };
  return {
    text: "",
    toolCalls: step.calls.map((call, index) => ({
      callId: `call_off_${input.history.length}_${index}`,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
    })),
  };
}
