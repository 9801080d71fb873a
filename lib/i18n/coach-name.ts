// How the pages name who answered a turn. The embedded rule engine is configured as COACH_PROVIDER=offline (a
// configuration value, kept in data attributes and stored rows), but people read "the built-in coach (no AI model)" in
// every language, never "offline", and no model name: it is not a model (offline-coach.md §5).
import type { Locale } from "./locale";

/** The configured provider name of the built-in coach (lib/agent/providers/offline). */
export const BUILT_IN_PROVIDER = "offline";

/** As a label; sentences name it in their own grammar (chat-text's trust.builtIn: "del coach integrado", "do coach"). */
const labels: Record<Locale, string> = {
  en: "Built-in coach (no AI model)",
  es: "Coach integrado (sin modelo de IA)",
  pt: "Coach integrado (sem modelo de IA)",
};

export function isBuiltInCoach(provider: string | null | undefined): boolean {
  return provider === BUILT_IN_PROVIDER;
}

/** The provider as a label (a table cell, a chart axis): the built-in coach's name, or the provider's own. */
export function providerLabel(provider: string, locale: Locale): string {
  return isBuiltInCoach(provider) ? labels[locale] : provider;
}

/** The model to show beside the provider: none for the built-in coach, which has no model; the model's name otherwise. */
export function modelLabel(provider: string, model: string): string | null {
  return isBuiltInCoach(provider) ? null : model;
}
