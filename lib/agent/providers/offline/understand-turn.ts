// What a turn's user message means: its language, the conflict or question it may answer, and its intent. A turn
// asks the coach once for each model round (a read, another read, the answer) with the same message, so the
// understanding is worked out once a turn and kept on that message's history item, which the agent loop keeps from
// round to round (it only appends). A history read anew from the database has new items, so nothing carries over
// from one turn or person to another; and an entry is used only for the same position, day and settings.
import type { HistoryItem, UserHistoryItem } from "../../history";
import type { Locale } from "../../../i18n/locale";
import type { UnitSystem } from "../../../measurements/unit-system";
import { deepFreeze } from "./deep-freeze";
import { detectLanguage } from "./detect-language";
import { findPendingConflict } from "./find-pending-conflict";
import { interpretUserMessage, type UserIntent } from "./interpret-user-message";
import { answerPendingQuestion, findPendingQuestion } from "./pending-question";

export type TurnUnderstanding = {
  locale: Locale;
  pendingConflict?: { arguments: Record<string, unknown>; question: string };
  intent: UserIntent;
};

export type UnderstandTurnInput = {
  history: HistoryItem[];
  /** The index of the turn's user message in `history`. */
  userIndex: number;
  today: string;
  unitSystem: UnitSystem;
  /** The language when the message shows none. */
  defaultLocale: Locale;
};

type Remembered = Omit<UnderstandTurnInput, "history"> & { text: string; understanding: TurnUnderstanding };

const remembered = new WeakMap<UserHistoryItem, Remembered>();

function understand(input: UnderstandTurnInput, text: string): TurnUnderstanding {
  const { history, userIndex, today, unitSystem } = input;
  const locale = detectLanguage(text) ?? input.defaultLocale;
  const pendingConflict = findPendingConflict(history, userIndex);
  const pendingQuestion = pendingConflict ? undefined : findPendingQuestion({ history, userIndex, today, unitSystem });
  const answered = pendingQuestion ? answerPendingQuestion({ pending: pendingQuestion, answer: text, today }) : undefined;
  const intent: UserIntent =
    answered === "declined"
      ? { kind: "declined-question" }
      : interpretUserMessage({
          text: answered ?? text,
          today,
          unitSystem,
          hasPendingConflict: pendingConflict !== undefined,
          conflictQuestion: pendingConflict?.question,
        });
  return { locale, ...(pendingConflict ? { pendingConflict } : {}), intent };
}

/**
 * The understanding of `history[userIndex]` (a user message): the same object for every round of the turn, frozen so
 * no round can change what the next one reads.
 */
export function understandTurn(input: UnderstandTurnInput): TurnUnderstanding {
  const item = input.history[input.userIndex];
  if (item?.type !== "user") throw new Error(`history[${input.userIndex}] is not a user message`);
  const entry = remembered.get(item);
  if (
    entry &&
    entry.text === item.text &&
    entry.userIndex === input.userIndex &&
    entry.today === input.today &&
    entry.unitSystem === input.unitSystem &&
    entry.defaultLocale === input.defaultLocale
  ) {
    return entry.understanding;
  }
  const understanding = deepFreeze(understand(input, item.text));
  remembered.set(item, {
    text: item.text,
    userIndex: input.userIndex,
    today: input.today,
    unitSystem: input.unitSystem,
    defaultLocale: input.defaultLocale,
    understanding,
  });
  return understanding;
}
