// The offline coach's brain: a pure, deterministic function from the conversation so far to the next model response.
//
// Deliberate, documented imitation of two common model mistakes, so QA and the E2E suite can exercise the
// bad_arguments correction path with no real model:
//   1. a date written with an English ordinal suffix ("on the 4th of March 2020") is first sent exactly as written
//      ({"date": "4th of March 2020"});
//   2. values written as name=value pairs ("weight=77.4kg") are first sent verbatim ({"values": {"weight": "77.4kg"}}).
// After the bad_arguments result the corrected call follows. Everything else is sent right the first time, so a
// normal scenario takes the fewest model rounds.
import type { HistoryItem } from "../../history";
import { isLocale, type Locale } from "../../../i18n/locale";
import type { MeasurementField } from "../../../measurements/fields";
import type { ModelResponse } from "../types";
import { currentLocalDate, isIsoDate } from "./calendar-dates";
import { collectCalls, collectCurrentTurn } from "./collect-turn-calls";
import { decideListStep } from "./decide-list-step";
import { decideReadStep } from "./decide-read-step";
import { decideSaveStep } from "./decide-save-step";
import { detectLanguage } from "./detect-language";
import { fieldFromName } from "./field-words";
import type { Step } from "./follow-call-chain";
import { interpretUserMessage, type UserIntent } from "./interpret-user-message";
import { offlineMessages } from "./offline-messages";

export type DecideNextStepInput = {
  system?: string;
  history: HistoryItem[];
  /** Overrides the system prompt's date line. */
  today?: string;
  /** Used when neither the latest user message nor the system prompt shows a language. */
  locale?: Locale;
};

const todayLine = /Today's date in the user's time zone: (\d{4}-\d{2}-\d{2})/;
const languageLine = /The user's language: ([a-z]{2})\b/;

function readSystemPrompt(system: string | undefined): { today?: string; locale?: Locale } {
  const today = system ? todayLine.exec(system)?.[1] : undefined;
  const language = system ? languageLine.exec(system)?.[1] : undefined;
  return { today: isIsoDate(today) ? today : undefined, locale: isLocale(language) ? language : undefined };
}

/** The arguments of the last save before this turn when it ended in a conflict: the change the user may confirm. */
function findPendingConflict(history: HistoryItem[], beforeIndex: number): Record<string, unknown> | undefined {
  const saves = collectCalls(history.slice(0, beforeIndex)).filter((call) => call.name === "save_measurement" && call.outcome);
  const last = saves.at(-1);
  return last?.outcome?.isError && last.outcome.code === "conflict" ? last.arguments : undefined;
}

/** The values of the first save: name=value pairs verbatim (the deliberate mistake), other values as parsed. */
function firstSaveValues(intent: Extract<UserIntent, { kind: "save" }>): Record<string, unknown> {
  if (!intent.verbatimPairs) return intent.values;
  const fromPairs = new Set(Object.keys(intent.verbatimPairs).map((name) => fieldFromName(name)));
  const others = Object.entries(intent.values).filter(([field]) => !fromPairs.has(field as MeasurementField));
  return { ...intent.verbatimPairs, ...Object.fromEntries(others) };
}

function decideForIntent(options: { intent: UserIntent; pendingConflict?: Record<string, unknown>; turn: NonNullable<ReturnType<typeof collectCurrentTurn>>; today: string; locale: Locale }): Step {
  const { intent, pendingConflict, turn, today, locale } = options;
  const calls = turn.calls;
  const messages = offlineMessages[locale];
  switch (intent.kind) {
    case "read":
      return decideReadStep({ dates: intent.dates, fallback: intent.fallback, calls, today, locale });
    case "list":
      return decideListStep({ ...intent, calls, today, locale });
    case "save": {
      const first = {
        date: intent.date.ordinal ? intent.date.raw : intent.date.iso,
        values: firstSaveValues(intent),
        ...(intent.note !== undefined ? { note: intent.note } : {}),
        ...(intent.replace ? { replace: true } : {}),
      };
      return decideSaveStep({ first, replacing: intent.replace, fallbackDate: intent.date.iso, calls, today, locale });
    }
    case "replace": {
      if (!pendingConflict) return { text: messages.nothingToReplace };
      const fallbackDate = typeof pendingConflict.date === "string" ? pendingConflict.date : today;
      return decideSaveStep({ first: { ...pendingConflict, replace: true }, replacing: true, fallbackDate, calls, today, locale });
    }
    case "decline":
      return { text: messages.keptStoredValue };
    case "nothing-to-replace":
      return { text: messages.nothingToReplace };
    case "help":
      return { text: messages.help };
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
  if (!turn) return { text: offlineMessages[defaultLocale].help, toolCalls: [] };
  const locale = detectLanguage(turn.userText) ?? defaultLocale;
  const pendingConflict = findPendingConflict(input.history, turn.userIndex);
  const intent = interpretUserMessage({ text: turn.userText, today, hasPendingConflict: pendingConflict !== undefined });
  const step = decideForIntent({ intent, pendingConflict, turn, today, locale });
  if ("text" in step) return { text: step.text, toolCalls: [] };
  return {
    text: "",
    toolCalls: step.calls.map((call, index) => ({
      callId: `call_off_${input.history.length}_${index}`,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
    })),
  };
}
