// Reads one or more dates, with an optional fallback date, and answers from what the tool returned.
import type { Locale } from "../../../i18n/locale";
import type { ObservedOutcome, TurnCall } from "./collect-turn-calls";
import { parseSingleDate, type DayMention } from "./find-date-mentions";
import { describeRejection } from "./describe-rejection";
import { followCallChain, type ChainState, type PlannedCall, type Step } from "./follow-call-chain";
import { formatDate, formatValues } from "./format-measurements";
import { offlineMessages } from "./offline-messages";

/** The date a read call was about, even when it was sent as written ("4th of March 2020"). */
function dateOfCall(call: TurnCall, today: string): string | undefined {
  const date = call.arguments.date;
  return typeof date === "string" ? parseSingleDate({ text: date, today }) : undefined;
}

function chainFor({ day, calls, today }: { day: DayMention; calls: TurnCall[]; today: string }): ChainState {
  const attempts = calls.filter((call) => call.name === "read_measurement" && dateOfCall(call, today) === day.iso);
  // An English ordinal date is sent exactly as written on purpose (see decide-next-step.ts).
  const first: PlannedCall = { name: "read_measurement", arguments: { date: day.ordinal ? day.raw : day.iso } };
  return followCallChain({ first, attempts, today });
}

type Kind = "found" | "missing" | "unknown" | "rejected" | "stopped";

function kindOf(outcome: ObservedOutcome): Kind {
  if (!outcome.isError) return "found";
  if (outcome.code === "not_found") return "missing";
  if (outcome.code === "unavailable" || outcome.code === "internal") return "unknown";
  if (outcome.code === "bad_arguments") return "rejected";
  return "stopped";
}

/** One sentence (or two) for a finished read; `missing` is left to the caller, which scopes it. */
function describeRead({ date, outcome, locale }: { date: string; outcome: ObservedOutcome; locale: Locale }): string {
  const messages = offlineMessages[locale];
  const shown = formatDate(date, locale);
  if (!outcome.isError) {
    const { values, display_values: display } = outcome.content;
    const shownDisplay = typeof display === "object" && display !== null ? (display as Record<string, unknown>) : undefined;
    const text = typeof values === "object" && values !== null ? formatValues(values as Record<string, unknown>, locale, shownDisplay) : "";
    const note = outcome.content.note;
    const noteText = typeof note === "string" && note.trim() !== "" ? ` ${messages.note(note)}` : "";
    return (text ? messages.recordOn(shown, text) : messages.recordWithoutValues(shown)) + noteText;
  }
  const kind = kindOf(outcome);
  if (kind === "missing") return messages.noRecordOn(shown);
  if (kind === "unknown") return messages.unreadable(shown);
  if (kind === "rejected") return describeRejection({ details: outcome.details, locale, action: "read" });
  return messages.stopped;
}

function answerWithFallback(options: {
  primary: DayMention;
  fallback: DayMention;
  primaryState: ChainState & { status: "done" };
  fallbackState?: ChainState;
  locale: Locale;
}): string {
  const { primary, fallback, primaryState, fallbackState, locale } = options;
  const messages = offlineMessages[locale];
  const primaryKind = kindOf(primaryState.outcome);
  if (primaryKind === "unknown")
    return `${messages.unreadable(formatDate(primary.iso, locale))} ${messages.fallbackNotTried(formatDate(fallback.iso, locale))}`;
  if (primaryKind !== "missing" || fallbackState?.status !== "done") return describeRead({ date: primary.iso, outcome: primaryState.outcome, locale });
  const fallbackKind = kindOf(fallbackState.outcome);
  if (fallbackKind === "missing") {
    return `${messages.noRecordOnEither(formatDate(primary.iso, locale), formatDate(fallback.iso, locale))} ${messages.otherDatesUnknown}`;
  }
  return `${messages.noRecordOn(formatDate(primary.iso, locale))} ${describeRead({ date: fallback.iso, outcome: fallbackState.outcome, locale })}`;
}

export function decideReadStep(options: { dates: DayMention[]; fallback?: DayMention; calls: TurnCall[]; today: string; locale: Locale }): Step {
  const { fallback, calls, today, locale } = options;
  const dates = options.dates.filter((day, index) => options.dates.findIndex((other) => other.iso === day.iso) === index);
  const states = dates.map((day) => chainFor({ day, calls, today }));
  const [primaryState] = states;
  const fallbackState =
    fallback && dates.length === 1 && primaryState?.status === "done" && kindOf(primaryState.outcome) === "missing"
      ? chainFor({ day: fallback, calls, today })
      : undefined;
  const pending = [...states, ...(fallbackState ? [fallbackState] : [])].flatMap((state) => (state.status === "call" ? [state.call] : []));
  if (pending.length > 0) return { calls: pending };

  const [primary] = dates;
  if (fallback && primary && primaryState?.status === "done") {
    return { text: answerWithFallback({ primary, fallback, primaryState, fallbackState, locale }) };
  }
  const sentences = dates.map((day, index) => {
    const state = states[index];
    return state?.status === "done" ? describeRead({ date: day.iso, outcome: state.outcome, locale }) : "";
  });
  const anyMissing = states.some((state) => state.status === "done" && kindOf(state.outcome) === "missing");
  if (anyMissing) sentences.push(offlineMessages[locale].otherDatesUnknown);
  return { text: sentences.filter(Boolean).join(" ") };
}
