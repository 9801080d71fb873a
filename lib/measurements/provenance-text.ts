// Provenance as a person reads it under a value, in en, es and pt: "from Withings · 176.8 lb", "derived from
// Withings · 28.6 lb", "from the chat". The number as the source gave it is shown only when it is not already what
// the table shows (another unit, or another number), so a value typed in the person's own unit reads just its source.
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Messages } from "@/lib/i18n/message-text";
import type { MeasurementProvenance } from "./fields";

const en = {
  from: "from {source}",
  derivedFrom: "derived from {source}",
  // Keyed by any source a record may name; one that is not here is an app's name (appNames) or itself.
  sources: { chat: "the chat", form: "the form", api: "the API", mcp: "MCP", palestra: "a Palestra file", csv: "a CSV file" } as Record<string, string>,
} as const;

type ProvenanceText = Messages<typeof en>;

const text: Record<Locale, ProvenanceText> = {
  en,
  // "vía"/"via" needs no article, so "chat" and "Withings" read alike (never "de el chat").
  es: {
    from: "vía {source}",
    derivedFrom: "derivado, vía {source}",
    sources: { chat: "chat", form: "formulario", api: "API", mcp: "MCP", palestra: "archivo de Palestra", csv: "archivo CSV" },
  },
  pt: {
    from: "via {source}",
    derivedFrom: "derivado, via {source}",
    sources: { chat: "chat", form: "formulário", api: "API", mcp: "MCP", palestra: "arquivo do Palestra", csv: "arquivo CSV" },
  },
};

/** The apps' own names, the same in every language. */
const appNames: Record<string, string> = {
  "apple-health": "Apple Health",
  "health-connect": "Health Connect",
  withings: "Withings",
  fitbit: "Fitbit",
  openscale: "openScale",
};

/** "withings" → "Withings"; "apple-health:Withings" → "Apple Health (Withings)"; "chat" → "the chat". */
export function sourceName(source: string, locale: Locale): string {
  const [app = source, device] = source.split(/:(.*)/s);
  const name = text[locale].sources[app] ?? appNames[app] ?? app;
  return device ? `${name} (${device})` : name;
}

/** The line under a value; `shown` is the value and unit the table shows, to leave out an original that repeats it. */
export function provenanceLine(provenance: MeasurementProvenance, options: { locale: Locale; shown: { value: number; unit: string } }): string {
  const { locale, shown } = options;
  const words = text[locale];
  const source = formatMessage(provenance.derived ? words.derivedFrom : words.from, { source: sourceName(provenance.source, locale) });
  const repeats = provenance.original_unit === shown.unit && Math.abs(provenance.original_value - shown.value) < 0.05;
  return repeats ? source : `${source} · ${formatNumber(provenance.original_value, locale, { maximumFractionDigits: 3 })} ${provenance.original_unit}`;
}
