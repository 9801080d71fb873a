// The texts the account forms receive: the page's own section strings and the shared password-policy sentences.
import type { Dictionary } from "@/lib/i18n/dictionaries";

export type AccountFormText = Dictionary["accountSettings"];
export type PasswordPolicyText = Pick<
  Dictionary["auth"],
  "passwordHint" | "passwordTooShort" | "passwordContainsEmail" | "passwordTooGuessable" | "rateLimited"
>;
