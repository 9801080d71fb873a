// The password rules of every path that sets one: at least 10 characters, not the email's local part, and a zxcvbn-ts
// strength score of at least 3 against common, English, Spanish and Portuguese words and the person's own details.
import "server-only";
import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import * as spanish from "@zxcvbn-ts/language-es-es";
import * as portuguese from "@zxcvbn-ts/language-pt-br";
import type { Locale } from "@/lib/i18n/locale";
import { MIN_PASSWORD_LENGTH } from "./password-length";

export { MIN_PASSWORD_LENGTH };
/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from an offline slow-hash scenario". */
export const MIN_PASSWORD_SCORE = 3;
/** A shorter local part ("al@…") would forbid most passwords that merely contain two common letters. */
const MIN_LOCAL_PART_CHECKED = 3;

export type PasswordProblem = "too_short" | "contains_email" | "too_guessable";

export type PasswordVerdict =
  | { ok: true }
  | { ok: false; problem: PasswordProblem; /** zxcvbn's reason in the person's language, when it names one. */ warning?: string; suggestions: string[] };

const translationsByLocale = { en: english.translations, es: spanish.translations, pt: portuguese.translations } satisfies Record<Locale, unknown>;
type WarningKey = keyof typeof english.translations.warnings;
type SuggestionKey = keyof typeof english.translations.suggestions;

/** Each key translated to itself: the estimator reports keys, which are localized per request below. */
function keysAsTranslations() {
  const asKeys = <T extends Record<string, unknown>>(table: T) => Object.fromEntries(Object.keys(table).map((key) => [key, key])) as Record<keyof T, string>;
  return { ...english.translations, warnings: asKeys(english.translations.warnings), suggestions: asKeys(english.translations.suggestions) };
}

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take a few megabytes and a moment to rank. */
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary, ...spanish.dictionary, ...portuguese.dictionary },
    graphs: common.adjacencyGraphs,
    translations: keysAsTranslations(),
    // Bounds the work per check (sign-up is public): with the defaults a 128-character password took 4 s of CPU here,
    // with these 0.3 s, scoring the same weak and strong samples the same.
    l33tMaxSubstitutions: 16,
    maxLength: 64,
  });
  return estimator;
}

function localPartOf(email: string): string {
  const at = email.lastIndexOf("@");
  return (at === -1 ? email : email.slice(0, at)).trim().toLowerCase();
}

export function estimatePassword(password: string, userInputs: string[]): ZxcvbnResult {
  return getEstimator().check(password, userInputs);
}

export function checkPassword(options: { password: string; email: string; name?: string; locale: Locale }): PasswordVerdict {
  const { password, email, locale } = options;
  // Code points, as a person counts them: an emoji is one character.
  if ([...password].length < MIN_PASSWORD_LENGTH) return { ok: false, problem: "too_short", suggestions: [] };
  const localPart = localPartOf(email);
  if (localPart.length >= MIN_LOCAL_PART_CHECKED && password.toLowerCase().includes(localPart)) {
    return { ok: false, problem: "contains_email", suggestions: [] };
  }
  const userInputs = [email, localPart, ...localPart.split(/[^\p{L}\p{N}]+/u), ...(options.name ? options.name.split(/\s+/) : [])].filter(
    (input) => input.length > 0,
  );
  const result = estimatePassword(password, userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const translations = translationsByLocale[locale];
  const warningKey = result.feedback.warning as WarningKey | null;
  return {
    ok: false,
    problem: "too_guessable",
    ...(warningKey && translations.warnings[warningKey] ? { warning: translations.warnings[warningKey] } : {}),
    suggestions: result.feedback.suggestions.map((key) => translations.suggestions[key as SuggestionKey]).filter((text): text is string => Boolean(text)),
  };
}
