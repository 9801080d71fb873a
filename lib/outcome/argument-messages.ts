// bad_arguments prose in en, es and pt: the constraint, the value received, and a valid form to copy.
import { describeReceived, showLoneSurrogates, type ArgumentProblem } from "./argument-problem";
import type { Locale } from "@/lib/i18n/locale";

const quote = (value: unknown) => `'${describeReceived(value)}'`;
const list = (values: readonly string[]) => values.join(", ");
/** The note as received, its lone surrogates written as escapes so that the message stays well-formed text itself. */
const quoteNote = (note: string) => quote(showLoneSurrogates(note));

/** Unit names per language; a value sent in pounds or inches is converted, so only metric values must have one decimal. */
const unitNames: Record<Locale, Record<string, string>> = {
  en: { kg: "kilograms", lb: "pounds", cm: "centimetres", in: "inches", "%": "percent" },
  es: { kg: "kilogramos", lb: "libras", cm: "centímetros", in: "pulgadas", "%": "por ciento" },
  pt: { kg: "quilogramas", lb: "libras", cm: "centímetros", in: "polegadas", "%": "por cento" },
};
const isConverted = (unit: string) => unit === "lb" || unit === "in";

type Catalogue = { [K in ArgumentProblem["kind"]]: (problem: Extract<ArgumentProblem, { kind: K }>) => string };

const en: Catalogue = {
  unknown_tool: (p) => `Unknown tool ${quote(p.tool)}. Available tools: ${list(p.valid)}.`,
  not_object: (p) => `Arguments must be a JSON object. Received ${quote(p.received)}. Example: {"date": "2026-03-04"}.`,
  unknown_argument: (p) => `Unknown argument ${p.names.map(quote).join(", ")}. Valid arguments: ${list(p.valid)}.`,
  missing_argument: (p) => `${p.name} is required and must be YYYY-MM-DD. Example: ${p.example}.`,
  date_format: (p) => `${p.name} must be YYYY-MM-DD (a real calendar date). Received ${quote(p.received)}. Example: ${p.example}.`,
  future_date: (p) => `${p.name} cannot be in the future. Received '${p.received}'; today is ${p.today}. Send ${p.today} or an earlier date.`,
  range_order: (p) => `from must not be after to. Received from '${p.from}' and to '${p.to}'. Send from '${p.to}' and to '${p.from}'.`,
  unknown_field: (p) => `Unknown field ${p.names.map(quote).join(", ")}. Valid fields: ${list(p.valid)}.`,
  field_value: (p) =>
    `${p.field} must be a number of ${unitNames.en[p.unit]} from ${p.min} to ${p.max}${isConverted(p.unit) ? ` (sent in ${p.unit}; it is converted and stored in ${p.field.replace(/^.*_/, "")})` : ", with at most one decimal"}. Received ${quote(p.received)}. Send ${p.suggestion}.`,
  values_required: (p) => `values must be an object with at least one measurement. Received ${quote(p.received)}. Example: ${JSON.stringify(p.example)}.`,
  note_invalid: (p) => `note must be text of at most ${p.maxLength} characters. Received ${quote(p.received)}.`,
  note_malformed: (p) =>
    `note must be well-formed text, and it holds a lone UTF-16 surrogate (${p.surrogate}, half of a character such as an emoji), which cannot be stored as sent. Received ${quoteNote(p.received)}. Send the note without it, or with the whole character.`,
  boolean_argument: (p) => `${p.name} must be true or false. Received ${quote(p.received)}. Send true to overwrite a stored value.`,
  fields_invalid: (p) => `fields must be a non-empty list of field names. Received ${quote(p.received)}. Valid fields: ${list(p.valid)}.`,
  units_invalid: (p) =>
    `units must be an object with mass (${list(p.valid.mass)}) and/or length (${list(p.valid.length)}). Received ${quote(p.received)}. Example: {"mass": "lb", "length": "in"}.`,
  idempotency_key_invalid: (p) =>
    `idempotency_key must be text of 1 to ${p.maxLength} characters, new for each intended save and the same when retrying it. Received ${quote(p.received)}. Example: "9b2f4c1e-5d6a-4e8b-a1c3-7f0e2d4b6a89".`,
  field_name: (p) => `field must be one measurement field. Received ${quote(p.received)}. Valid fields: ${list(p.valid)}. Example: "weight_kg".`,
  window_days: (p) => `days must be a whole number of days from ${p.min} to ${p.max}. Received ${quote(p.received)}. Send ${p.example}.`,
};

const es: Catalogue = {
  unknown_tool: (p) => `Herramienta desconocida ${quote(p.tool)}. Herramientas disponibles: ${list(p.valid)}.`,
  not_object: (p) => `Los argumentos deben ser un objeto JSON. Recibido ${quote(p.received)}. Ejemplo: {"date": "2026-03-04"}.`,
  unknown_argument: (p) => `Argumento desconocido ${p.names.map(quote).join(", ")}. Argumentos válidos: ${list(p.valid)}.`,
  missing_argument: (p) => `${p.name} es obligatorio y debe ser AAAA-MM-DD. Ejemplo: ${p.example}.`,
  date_format: (p) => `${p.name} debe ser AAAA-MM-DD (una fecha real del calendario). Recibido ${quote(p.received)}. Ejemplo: ${p.example}.`,
  future_date: (p) => `${p.name} no puede estar en el futuro. Recibido '${p.received}'; hoy es ${p.today}. Envía ${p.today} o una fecha anterior.`,
  range_order: (p) => `from no puede ser posterior a to. Recibido from '${p.from}' y to '${p.to}'. Envía from '${p.to}' y to '${p.from}'.`,
  unknown_field: (p) => `Campo desconocido ${p.names.map(quote).join(", ")}. Campos válidos: ${list(p.valid)}.`,
  field_value: (p) =>
    `${p.field} debe ser un número de ${unitNames.es[p.unit]} entre ${p.min} y ${p.max}${isConverted(p.unit) ? ` (enviado en ${p.unit}; se convierte y se guarda en ${p.field.replace(/^.*_/, "")})` : ", con un decimal como máximo"}. Recibido ${quote(p.received)}. Envía ${p.suggestion}.`,
  values_required: (p) => `values debe ser un objeto con al menos una medida. Recibido ${quote(p.received)}. Ejemplo: ${JSON.stringify(p.example)}.`,
  note_invalid: (p) => `note debe ser un texto de como máximo ${p.maxLength} caracteres. Recibido ${quote(p.received)}.`,
  note_malformed: (p) =>
    `note debe ser un texto bien formado, y contiene un sustituto UTF-16 suelto (${p.surrogate}, la mitad de un carácter como un emoji), que no se puede guardar tal como llegó. Recibido ${quoteNote(p.received)}. Envía la nota sin él, o con el carácter completo.`,
  boolean_argument: (p) => `${p.name} debe ser true o false. Recibido ${quote(p.received)}. Envía true para sobrescribir un valor guardado.`,
  fields_invalid: (p) => `fields debe ser una lista no vacía de nombres de campo. Recibido ${quote(p.received)}. Campos válidos: ${list(p.valid)}.`,
  units_invalid: (p) =>
    `units debe ser un objeto con mass (${list(p.valid.mass)}) y/o length (${list(p.valid.length)}). Recibido ${quote(p.received)}. Ejemplo: {"mass": "lb", "length": "in"}.`,
  idempotency_key_invalid: (p) =>
    `idempotency_key debe ser un texto de 1 a ${p.maxLength} caracteres, nuevo para cada guardado y el mismo al reintentarlo. Recibido ${quote(p.received)}. Ejemplo: "9b2f4c1e-5d6a-4e8b-a1c3-7f0e2d4b6a89".`,
  field_name: (p) => `field debe ser un campo de medida. Recibido ${quote(p.received)}. Campos válidos: ${list(p.valid)}. Ejemplo: "weight_kg".`,
  window_days: (p) => `days debe ser un número entero de días entre ${p.min} y ${p.max}. Recibido ${quote(p.received)}. Envía ${p.example}.`,
};

const pt: Catalogue = {
  unknown_tool: (p) => `Ferramenta desconhecida ${quote(p.tool)}. Ferramentas disponíveis: ${list(p.valid)}.`,
  not_object: (p) => `Os argumentos devem ser um objeto JSON. Recebido ${quote(p.received)}. Exemplo: {"date": "2026-03-04"}.`,
  unknown_argument: (p) => `Argumento desconhecido ${p.names.map(quote).join(", ")}. Argumentos válidos: ${list(p.valid)}.`,
  missing_argument: (p) => `${p.name} é obrigatório e deve ser AAAA-MM-DD. Exemplo: ${p.example}.`,
  date_format: (p) => `${p.name} deve ser AAAA-MM-DD (uma data real do calendário). Recebido ${quote(p.received)}. Exemplo: ${p.example}.`,
  future_date: (p) => `${p.name} não pode estar no futuro. Recebido '${p.received}'; hoje é ${p.today}. Envie ${p.today} ou uma data anterior.`,
  range_order: (p) => `from não pode ser depois de to. Recebido from '${p.from}' e to '${p.to}'. Envie from '${p.to}' e to '${p.from}'.`,
  unknown_field: (p) => `Campo desconhecido ${p.names.map(quote).join(", ")}. Campos válidos: ${list(p.valid)}.`,
  field_value: (p) =>
    `${p.field} deve ser um número de ${unitNames.pt[p.unit]} entre ${p.min} e ${p.max}${isConverted(p.unit) ? ` (enviado em ${p.unit}; é convertido e salvo em ${p.field.replace(/^.*_/, "")})` : ", com no máximo uma casa decimal"}. Recebido ${quote(p.received)}. Envie ${p.suggestion}.`,
  values_required: (p) => `values deve ser um objeto com pelo menos uma medida. Recebido ${quote(p.received)}. Exemplo: ${JSON.stringify(p.example)}.`,
  note_invalid: (p) => `note deve ser um texto de no máximo ${p.maxLength} caracteres. Recebido ${quote(p.received)}.`,
  note_malformed: (p) =>
    `note deve ser um texto bem formado, e contém um substituto UTF-16 isolado (${p.surrogate}, metade de um caractere como um emoji), que não pode ser salvo como foi enviado. Recebido ${quoteNote(p.received)}. Envie a nota sem ele, ou com o caractere completo.`,
  boolean_argument: (p) => `${p.name} deve ser true ou false. Recebido ${quote(p.received)}. Envie true para substituir um valor guardado.`,
  fields_invalid: (p) => `fields deve ser uma lista não vazia de nomes de campo. Recebido ${quote(p.received)}. Campos válidos: ${list(p.valid)}.`,
  units_invalid: (p) =>
    `units deve ser um objeto com mass (${list(p.valid.mass)}) e/ou length (${list(p.valid.length)}). Recebido ${quote(p.received)}. Exemplo: {"mass": "lb", "length": "in"}.`,
  idempotency_key_invalid: (p) =>
    `idempotency_key deve ser um texto de 1 a ${p.maxLength} caracteres, novo para cada salvamento e o mesmo ao repeti-lo. Recebido ${quote(p.received)}. Exemplo: "9b2f4c1e-5d6a-4e8b-a1c3-7f0e2d4b6a89".`,
  field_name: (p) => `field deve ser um campo de medida. Recebido ${quote(p.received)}. Campos válidos: ${list(p.valid)}. Exemplo: "weight_kg".`,
  window_days: (p) => `days deve ser um número inteiro de dias entre ${p.min} e ${p.max}. Recebido ${quote(p.received)}. Envie ${p.example}.`,
};

const catalogues: Record<Locale, Catalogue> = { en, es, pt };

export function argumentProblemMessage(problem: ArgumentProblem, locale: Locale): string {
  const render = catalogues[locale][problem.kind] as (value: ArgumentProblem) => string;
  return render(problem);
}
