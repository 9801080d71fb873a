// The one filler of {name} placeholders. Apart from dictionaries.ts so that a client component using it does not ship
// every language's strings (the page passes its own texts as props). Its parameters are the template's placeholders,
// read from the message's type (lib/i18n/message-text.ts): a missing or misspelled one does not compile.
import type { MessageValues, PlaceholdersOf } from "./message-text";

type Filled = Readonly<Record<string, string | number>>;

function fill(template: string, values: Filled): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : match));
}

/** Fills {name} placeholders; works on the server and in client components (dictionaries stay plain strings). */
export function formatMessage<const Template extends string>(template: Template, ...[values]: MessageValues<PlaceholdersOf<Template>>): string {
  return fill(template, values ?? {});
}

/**
 * Fills a template whose sentence ends right after a value the person typed: "you are now {name}." with "Alex W."
 * reads "you are now Alex W.", not "Alex W..". Only the template's own final full stop goes, and only then.
 */
export function formatSentence<const Template extends string>(template: Template, ...[values]: MessageValues<PlaceholdersOf<Template>>): string {
  const given: Filled = values ?? {};
  const filled = fill(template, given);
  const last = /\{(\w+)\}\.$/.exec(template)?.[1];
  const ending = last !== undefined && Object.hasOwn(given, last) ? String(given[last]) : "";
  return /[.!?…]$/u.test(ending) ? filled.slice(0, -1) : filled;
}
