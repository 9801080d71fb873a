// Fills a dictionary template's {name} placeholders. Apart from dictionaries.ts so that a client component using it
// does not ship every language's strings (the page passes its own texts as props).

/** Fills {name} placeholders; works on the server and in client components (dictionaries stay plain strings). */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
