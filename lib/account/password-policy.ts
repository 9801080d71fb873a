// The password rules of every path that sets one: at least 10 characters, not the email's local part, and a zxcvbn-ts
// strength score of at least 3 against common, English, Spanish and Portuguese words and the person's own details
// (scored on a thread of its own: password-strength.ts).
import "server-only";
import type { Locale } from "@/lib/i18n/locale";
import { MIN_PASSWORD_LENGTH } from "./password-length";
import { estimatePasswordStrength } from "./password-strength";

export { MIN_PASSWORD_LENGTH };
/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from an offline slow-hash scenario". */
export const MIN_PASSWORD_SCORE = 3;
/** A shorter local part ("al@…") would forbid most passwords that merely contain two common letters. */
const MIN_LOCAL_PART_CHECKED = 3;

export type PasswordProblem = "too_short" | "contains_email" | "too_guessable";

export type PasswordVerdict =
  | { ok: true }
  | { ok: false; problem: PasswordProblem; /** zxcvbn's reason in the person's language, when it names one. */ warning?: string; suggestions: string[] };

function localPartOf(email: string): string {
  const at = email.lastIndexOf("@");
  return (at === -1 ? email : email.slice(0, at)).trim().toLowerCase();
}

export async function checkPassword(options: { password: string; email: string; name?: string; locale: Locale }): Promise<PasswordVerdict> {
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
  const estimate = await estimatePasswordStrength({ password, userInputs, locale });
  if (estimate.score >= MIN_PASSWORD_SCORE) return { ok: true };
  return { ok: false, problem: "too_guessable", ...(estimate.warning ? { warning: estimate.warning } : {}), suggestions: estimate.suggestions };
}
