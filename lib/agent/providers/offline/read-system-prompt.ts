// What the offline coach reads back from the system prompt (lib/agent/system-prompt.ts): the person's today, language
// and unit preference. A prompt without those lines (another harness, a test) leaves them to the caller's defaults.
import { isLocale, type Locale } from "../../../i18n/locale";
import type { UnitSystem } from "../../../measurements/unit-system";
import { unitSystemSchema } from "../../../measurements/unit-system-schema";
import { isIsoDate } from "./calendar-dates";

const todayLine = /Today's date in the user's time zone: (\d{4}-\d{2}-\d{2})/;
const languageLine = /The user's language: ([a-z]{2})\b/;
const unitLine = /The user's unit preference: ([a-z]+)\b/;

type SystemPromptFacts = { today?: string; locale?: Locale; unitSystem?: UnitSystem };

/** The last prompt read: a turn sends the same one with each of its model requests. */
let last: { system: string | undefined; facts: SystemPromptFacts } | undefined;

export function readSystemPrompt(system: string | undefined): SystemPromptFacts {
  if (last === undefined || last.system !== system) last = { system, facts: readFacts(system) };
  return { ...last.facts };
}

function readFacts(system: string | undefined): SystemPromptFacts {
  const today = system ? todayLine.exec(system)?.[1] : undefined;
  const language = system ? languageLine.exec(system)?.[1] : undefined;
  const units = unitSystemSchema.safeParse(system ? unitLine.exec(system)?.[1] : undefined);
  return {
    today: isIsoDate(today) ? today : undefined,
    locale: isLocale(language) ? language : undefined,
    unitSystem: units.success ? units.data : undefined,
  };
}
