// Fills a dictionary template's {name} placeholders. Apart from dictionaries.ts so that a client component using it
// does not ship every language's strings (the page passes its own texts as props).

/** Fills {name} placeholders; works on the server and in client components (dictionaries stay plain strings). */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/**
 * Fills a template whose sentence ends right after a value the person typed: "you are now {name}." with "Alex W."
 * reads "you are now Alex W.", not "Alex W..". Only the template's own final full stop goes, and only then.
 */
export function formatSentence(template: string, values: Record<string, string | number>): string {
  const filled = formatMessage(template, values);
  const last = /\{(\w+)\}\.$/.exec(template)?.[1];
  const ending = last !== undefined && last in values ? String(values[last]) : "";
  return /[.!?…]$/u.test(ending) ? filled.slice(0, -1) : filled;
}
