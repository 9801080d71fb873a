// The API's own wording of a save's outcomes, addressed to an API client (the model-facing wording is the agent's):
// what happened and which request to send next, in en, es and pt.
import type { Locale } from "@/lib/i18n/locale";

type Values = Readonly<Record<string, unknown>>;

const formatValues = (values: Values) =>
  Object.entries(values)
    .map(([field, value]) => `${field} ${String(value)}`)
    .join(", ");

type Catalogue = {
  conflict: (p: { date: string; stored: Values; proposed: Values }) => string;
};

const en: Catalogue = {
  conflict: ({ date, stored, proposed }) =>
    `${date} already holds ${formatValues(stored)}; saving ${formatValues(proposed)} would overwrite it. Nothing was written. To overwrite, send the request again with "replace": true and a new Idempotency-Key.`,
};

const es: Catalogue = {
  conflict: ({ date, stored, proposed }) =>
    `${date} ya tiene ${formatValues(stored)}; guardar ${formatValues(proposed)} lo sobrescribiría. No se escribió nada. Para sobrescribir, envía de nuevo la petición con "replace": true y una nueva Idempotency-Key.`,
};

const pt: Catalogue = {
  conflict: ({ date, stored, proposed }) =>
    `${date} já tem ${formatValues(stored)}; salvar ${formatValues(proposed)} o substituiria. Nada foi gravado. Para substituir, envie a requisição de novo com "replace": true e uma nova Idempotency-Key.`,
};

export const apiProblemMessages: Record<Locale, Catalogue> = { en, es, pt };
