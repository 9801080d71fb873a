// The password-strength thread: zxcvbn-ts and its dictionaries live here, in a heap of their own. Loaded and ranked
// they hold about 40 MB, which the server's own heap no longer carries (every full collection marked them), and a
// check takes 60-300 ms of CPU, which no longer stops the event loop (every open chat turn waited for it).
// Plain JavaScript, loaded by Node as it is (password-strength.ts starts it). Answers each request with its id.
import { parentPort } from "node:worker_threads";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import * as spanish from "@zxcvbn-ts/language-es-es";
import * as portuguese from "@zxcvbn-ts/language-pt-br";

const translationsByLocale = { en: english.translations, es: spanish.translations, pt: portuguese.translations };

/** Each key translated to itself: the estimator reports keys, which are localized per request below. */
function keysAsTranslations() {
  const asKeys = (table) => Object.fromEntries(Object.keys(table).map((key) => [key, key]));
  return { ...english.translations, warnings: asKeys(english.translations.warnings), suggestions: asKeys(english.translations.suggestions) };
}

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary, ...spanish.dictionary, ...portuguese.dictionary },
  graphs: common.adjacencyGraphs,
  translations: keysAsTranslations(),
  // Bounds the work per check (sign-up is public): with the defaults a 128-character password took 4 s of CPU here,
  // with these 0.3 s, scoring the same weak and strong samples the same.
  l33tMaxSubstitutions: 16,
  maxLength: 64,
});

function estimate({ password, userInputs, locale }) {
  const result = estimator.check(password, userInputs);
  const translations = translationsByLocale[locale] ?? translationsByLocale.en;
  const warningKey = result.feedback.warning;
  const warning = warningKey ? translations.warnings[warningKey] : undefined;
  return {
    score: result.score,
    scoredPassword: result.password,
    ...(warning ? { warning } : {}),
    suggestions: result.feedback.suggestions.map((key) => translations.suggestions[key]).filter(Boolean),
  };
}

parentPort.on("message", (request) => {
  try {
    parentPort.postMessage({ id: request.id, ok: true, estimate: estimate(request) });
  } catch (error) {
    parentPort.postMessage({ id: request.id, ok: false, message: String(error?.message ?? error) });
  }
});
