// Import problems in plain words, in en, es and pt: what is wrong on the line, what the file holds, and how to fix it.
import type { Locale } from "@/lib/i18n/locale";
import { fieldLabels } from "../field-labels";
import type { MeasurementField } from "../fields";
import type { ImportProblem, ImportProblemFacts, ImportRowError } from "./import-problem";

type Catalogue = { [K in ImportProblemFacts["code"]]: (problem: Extract<ImportProblemFacts, { code: K }>) => string };

const list = (values: readonly string[]) => values.join(", ");
const label = (locale: Locale, field: string) => fieldLabels[locale][field as MeasurementField]?.label ?? field;

const en: Catalogue = {
  file_unreadable: () => "The file could not be read as this format (a damaged archive, or another kind of file). Check the format chosen, or export again.",
  column_required: (p) => `Choose the column that holds the ${p.parameter} (${p.parameter}=COLUMN).`,
  value_unreadable: (p) => `${label("en", p.field)} “${p.received}” is not a number. Write it with a point for decimals, like 77.4.`,
  unit_unknown: (p) => `The unit “${p.unit}” is not one this import reads. It reads: ${list(p.valid)}.`,
  file_not_utf8: () => "The file is not UTF-8 text. Save it again as UTF-8 (most spreadsheets offer “CSV UTF-8”).",
  file_empty: (p) => `The file is empty. Its first line must name the columns, for example: ${list(p.columns)}.`,
  csv_unclosed_quote: () => 'A quoted cell that starts on this line never closes. Add the closing quote (").',
  csv_text_after_quote: () => "Text follows a closing quote on this line. Put the whole cell inside the quotes.",
  column_date_missing: (p) => `The first line has no date column. The columns can be: ${list(p.columns)}.`,
  columns_without_values: (p) => `The first line names no measurement column. Add at least one of: ${list(p.valid)}.`,
  columns_unknown: (p) => `Unknown columns: ${list(p.names)}. The columns can be: ${list(p.valid)}.`,
  columns_repeated: (p) => `These columns appear twice: ${list(p.names)}. Keep one of each.`,
  json_invalid: () => "The file is not valid JSON.",
  json_without_records: () => 'The file must be a JSON object with a "records" list, as Export writes it.',
  xml_invalid: (p) => `The file is not a readable export (${p.reason}).`,
  archive_invalid: (p) => `The archive does not hold ${p.expected}.`,
  unit_required: (p) => `The file does not say its unit. Choose it: ${p.parameter} = ${p.valid.join(" or ")}.`,
  date_order_required: (p) => `Dates such as ${p.example} could be day/month or month/day. Choose the order the file uses: ${p.parameter} = ${list(p.valid)}.`,
  column_not_found: (p) => `The column “${p.column}” chosen for ${p.parameter} is not in the file. Its columns are: ${list(p.columns)}.`,
  row_empty: () => "The line is empty. Remove it.",
  row_cell_count: (p) => `The line has ${p.cells} cells but the first line names ${p.columns} columns.`,
  record_not_object: () => "The record must be an object with date, values and note.",
  record_unknown_members: (p) => `Unknown members: ${list(p.names)}. A record holds date, values, note, updated_at and provenance.`,
  provenance_invalid: (p) =>
    `The provenance of ${p.field} must be an object with source (text), original_value (a number), original_unit (text) and derived (true or false), for a value the record holds.`,
  date_invalid: (p) => `The date “${p.received}” is not a date written as year-month-day. Write it like ${p.example}.`,
  date_future: (p) => `The date ${p.received} is in the future (today is ${p.today}).`,
  date_repeated: (p) => `The date ${p.date} is also on line ${p.earlierLine}; keep one line per date.`,
  value_invalid: (p) => `${label("en", p.field)} “${p.received}” is not a number from ${p.min} to ${p.max} ${p.unit} with at most one decimal.`,
  value_unknown_field: (p) => `Unknown measurements: ${list(p.names)}. They can be: ${list(p.valid)}.`,
  values_missing: () => "The line holds no measurement. Fill in at least one value or remove the line.",
  note_invalid: (p) => `The note is longer than ${p.maxLength} characters. Shorten it.`,
  note_malformed: () => "The note holds a broken character (half of an emoji). Remove it or write the whole character.",
};

const es: Catalogue = {
  file_unreadable: () =>
    "El archivo no se pudo leer con este formato (un archivo comprimido dañado, u otro tipo de archivo). Revisa el formato elegido o exporta de nuevo.",
  column_required: (p) => `Elige la columna que contiene ${p.parameter} (${p.parameter}=COLUMNA).`,
  value_unreadable: (p) => `${label("es", p.field)} «${p.received}» no es un número. Escríbelo con punto decimal, como 77.4.`,
  unit_unknown: (p) => `La unidad «${p.unit}» no es una que esta importación lea. Lee: ${list(p.valid)}.`,
  file_not_utf8: () => "El archivo no es texto UTF-8. Vuelve a guardarlo como UTF-8 (la mayoría de hojas de cálculo ofrecen «CSV UTF-8»).",
  file_empty: (p) => `El archivo está vacío. Su primera línea debe nombrar las columnas, por ejemplo: ${list(p.columns)}.`,
  csv_unclosed_quote: () => 'Una celda entre comillas que empieza en esta línea no se cierra. Añade las comillas de cierre (").',
  csv_text_after_quote: () => "Hay texto después de unas comillas de cierre en esta línea. Pon toda la celda entre las comillas.",
  column_date_missing: (p) => `La primera línea no tiene columna de fecha. Las columnas pueden ser: ${list(p.columns)}.`,
  columns_without_values: (p) => `La primera línea no nombra ninguna columna de medida. Añade al menos una de: ${list(p.valid)}.`,
  columns_unknown: (p) => `Columnas desconocidas: ${list(p.names)}. Las columnas pueden ser: ${list(p.valid)}.`,
  columns_repeated: (p) => `Estas columnas aparecen dos veces: ${list(p.names)}. Deja una de cada.`,
  json_invalid: () => "El archivo no es JSON válido.",
  json_without_records: () => 'El archivo debe ser un objeto JSON con una lista "records", como lo escribe Exportar.',
  xml_invalid: (p) => `El archivo no es una exportación legible (${p.reason}).`,
  archive_invalid: (p) => `El archivo comprimido no contiene ${p.expected}.`,
  unit_required: (p) => `El archivo no indica su unidad. Elígela: ${p.parameter} = ${p.valid.join(" o ")}.`,
  date_order_required: (p) => `Fechas como ${p.example} pueden ser día/mes o mes/día. Elige el orden que usa el archivo: ${p.parameter} = ${list(p.valid)}.`,
  column_not_found: (p) => `La columna «${p.column}» elegida para ${p.parameter} no está en el archivo. Sus columnas son: ${list(p.columns)}.`,
  row_empty: () => "La línea está vacía. Elimínala.",
  row_cell_count: (p) => `La línea tiene ${p.cells} celdas, pero la primera línea nombra ${p.columns} columnas.`,
  record_not_object: () => "El registro debe ser un objeto con date, values y note.",
  record_unknown_members: (p) => `Miembros desconocidos: ${list(p.names)}. Un registro tiene date, values, note, updated_at y provenance.`,
  provenance_invalid: (p) =>
    `La procedencia de ${p.field} debe ser un objeto con source (texto), original_value (un número), original_unit (texto) y derived (true o false), para un valor que el registro tenga.`,
  date_invalid: (p) => `La fecha «${p.received}» no es una fecha escrita como año-mes-día. Escríbela como ${p.example}.`,
  date_future: (p) => `La fecha ${p.received} está en el futuro (hoy es ${p.today}).`,
  date_repeated: (p) => `La fecha ${p.date} también está en la línea ${p.earlierLine}; deja una línea por fecha.`,
  value_invalid: (p) => `${label("es", p.field)} «${p.received}» no es un número de ${p.min} a ${p.max} ${p.unit} con un decimal como máximo.`,
  value_unknown_field: (p) => `Medidas desconocidas: ${list(p.names)}. Pueden ser: ${list(p.valid)}.`,
  values_missing: () => "La línea no tiene ninguna medida. Rellena al menos un valor o elimina la línea.",
  note_invalid: (p) => `La nota tiene más de ${p.maxLength} caracteres. Acórtala.`,
  note_malformed: () => "La nota tiene un carácter roto (la mitad de un emoji). Quítalo o escribe el carácter completo.",
};

const pt: Catalogue = {
  file_unreadable: () =>
    "O arquivo não pôde ser lido neste formato (um arquivo compactado danificado, ou outro tipo de arquivo). Confira o formato escolhido ou exporte de novo.",
  column_required: (p) => `Escolha a coluna que contém ${p.parameter} (${p.parameter}=COLUNA).`,
  value_unreadable: (p) => `${label("pt", p.field)} “${p.received}” não é um número. Escreva-o com ponto decimal, como 77.4.`,
  unit_unknown: (p) => `A unidade “${p.unit}” não é uma que esta importação leia. Ela lê: ${list(p.valid)}.`,
  file_not_utf8: () => "O arquivo não é texto UTF-8. Salve-o novamente como UTF-8 (a maioria das planilhas oferece “CSV UTF-8”).",
  file_empty: (p) => `O arquivo está vazio. A primeira linha deve nomear as colunas, por exemplo: ${list(p.columns)}.`,
  csv_unclosed_quote: () => 'Uma célula entre aspas que começa nesta linha não se fecha. Acrescente as aspas de fechamento (").',
  csv_text_after_quote: () => "Há texto depois de aspas de fechamento nesta linha. Coloque a célula inteira entre as aspas.",
  column_date_missing: (p) => `A primeira linha não tem coluna de data. As colunas podem ser: ${list(p.columns)}.`,
  columns_without_values: (p) => `A primeira linha não nomeia nenhuma coluna de medida. Acrescente pelo menos uma de: ${list(p.valid)}.`,
  columns_unknown: (p) => `Colunas desconhecidas: ${list(p.names)}. As colunas podem ser: ${list(p.valid)}.`,
  columns_repeated: (p) => `Estas colunas aparecem duas vezes: ${list(p.names)}. Deixe uma de cada.`,
  json_invalid: () => "O arquivo não é JSON válido.",
  json_without_records: () => 'O arquivo deve ser um objeto JSON com uma lista "records", como o Exportar o escreve.',
  xml_invalid: (p) => `O arquivo não é uma exportação legível (${p.reason}).`,
  archive_invalid: (p) => `O arquivo compactado não contém ${p.expected}.`,
  unit_required: (p) => `O arquivo não diz a sua unidade. Escolha-a: ${p.parameter} = ${p.valid.join(" ou ")}.`,
  date_order_required: (p) => `Datas como ${p.example} podem ser dia/mês ou mês/dia. Escolha a ordem que o arquivo usa: ${p.parameter} = ${list(p.valid)}.`,
  column_not_found: (p) => `A coluna “${p.column}” escolhida para ${p.parameter} não está no arquivo. As colunas dele são: ${list(p.columns)}.`,
  row_empty: () => "A linha está vazia. Remova-a.",
  row_cell_count: (p) => `A linha tem ${p.cells} células, mas a primeira linha nomeia ${p.columns} colunas.`,
  record_not_object: () => "O registro deve ser um objeto com date, values e note.",
  record_unknown_members: (p) => `Membros desconhecidos: ${list(p.names)}. Um registro tem date, values, note, updated_at e provenance.`,
  provenance_invalid: (p) =>
    `A procedência de ${p.field} deve ser um objeto com source (texto), original_value (um número), original_unit (texto) e derived (true ou false), para um valor que o registro tenha.`,
  date_invalid: (p) => `A data “${p.received}” não é uma data escrita como ano-mês-dia. Escreva-a como ${p.example}.`,
  date_future: (p) => `A data ${p.received} está no futuro (hoje é ${p.today}).`,
  date_repeated: (p) => `A data ${p.date} também está na linha ${p.earlierLine}; deixe uma linha por data.`,
  value_invalid: (p) => `${label("pt", p.field)} “${p.received}” não é um número de ${p.min} a ${p.max} ${p.unit} com no máximo uma casa decimal.`,
  value_unknown_field: (p) => `Medidas desconhecidas: ${list(p.names)}. Podem ser: ${list(p.valid)}.`,
  values_missing: () => "A linha não tem nenhuma medida. Preencha pelo menos um valor ou remova a linha.",
  note_invalid: (p) => `A nota tem mais de ${p.maxLength} caracteres. Encurte-a.`,
  note_malformed: () => "A nota tem um caractere quebrado (metade de um emoji). Remova-o ou escreva o caractere inteiro.",
};

const catalogues: Record<Locale, Catalogue> = { en, es, pt };

export function importProblemMessage(problem: ImportProblemFacts, locale: Locale): string {
  const render = catalogues[locale][problem.code] as (value: ImportProblemFacts) => string;
  return render(problem);
}

/** The problem as the API's `errors` list and the page show it. */
export function toImportRowError(problem: ImportProblem, locale: Locale): ImportRowError {
  return { row: problem.line, code: problem.code, detail: importProblemMessage(problem, locale) };
}

const summaries: Record<Locale, (count: number, first: string) => string> = {
  en: (count, first) => `${count} ${count === 1 ? "problem" : "problems"} in the file; nothing was imported. The first: ${first}`,
  es: (count, first) => `${count} ${count === 1 ? "problema" : "problemas"} en el archivo; no se importó nada. El primero: ${first}`,
  pt: (count, first) => `${count} ${count === 1 ? "problema" : "problemas"} no arquivo; nada foi importado. O primeiro: ${first}`,
};
const lineWords: Record<Locale, string> = { en: "line", es: "línea", pt: "linha" };

/** The whole-file sentence of a 422: how many problems, and the first with its line, all in the person's language. */
export function importProblemsSummary(errors: readonly ImportRowError[], locale: Locale): string {
  const first = errors[0];
  const firstText = first ? `${first.row === 0 ? "" : `${lineWords[locale]} ${first.row}: `}${first.detail}` : "";
  return summaries[locale](errors.length, firstText);
}
