// What `npm run admin -- import` prints about the file and the import, in the language --locale names (English by default): the
// problems with their lines, the summary, and the write's failures. Flag misuse stays in the operator's English.
import type { Locale } from "@/lib/i18n/locale";

export type AdminImportText = {
  file: string;
  line: (line: number) => string;
  more: (count: number) => string;
  nothingImported: (count: number, file: string) => string;
  readings: (found: number, duplicates: number, merged: number) => string;
  summary: (dryRun: boolean, created: number, updated: number, unchanged: number, conflicts: number) => string;
  conflicts: (dates: string) => string;
  writeFailed: string;
  outcomeUnknown: string;
};

export const adminImportText: Record<Locale, AdminImportText> = {
  en: {
    file: "file",
    line: (line) => `line ${line}`,
    more: (count) => `… and ${count} more.`,
    nothingImported: (count, file) => `Nothing was imported: ${count} ${count === 1 ? "problem" : "problems"} in ${file}.`,
    readings: (found, duplicates, merged) =>
      `Readings found: ${found}; counted once as the same reading from another source: ${duplicates}; days that merged several: ${merged}.`,
    summary: (dryRun, created, updated, unchanged, conflicts) =>
      `${dryRun ? "Would import" : "Imported"}. New: ${created} · Updated: ${updated} · Unchanged: ${unchanged} · Left as they were (other values stored): ${conflicts}`,
    conflicts: (dates) => `Dates left as they were: ${dates}. Add --replace to take the file's values.`,
    writeFailed: "The import could not be written; nothing was imported. Run the command again.",
    outcomeUnknown: "The import may or may not have been written. Run the command again: importing the same file twice changes nothing.",
  },
  es: {
    file: "archivo",
    line: (line) => `línea ${line}`,
    more: (count) => `… y ${count} más.`,
    nothingImported: (count, file) => `No se importó nada: ${count} ${count === 1 ? "problema" : "problemas"} en ${file}.`,
    readings: (found, duplicates, merged) =>
      `Mediciones encontradas: ${found}; contadas una vez por ser la misma medición de otra fuente: ${duplicates}; días que unieron varias: ${merged}.`,
    summary: (dryRun, created, updated, unchanged, conflicts) =>
      `${dryRun ? "Se importaría" : "Importado"}. Nuevos: ${created} · Actualizados: ${updated} · Sin cambios: ${unchanged} · Dejados como estaban (otros valores guardados): ${conflicts}`,
    conflicts: (dates) => `Fechas dejadas como estaban: ${dates}. Añade --replace para tomar los valores del archivo.`,
    writeFailed: "No se pudo escribir la importación; no se importó nada. Vuelve a ejecutar el comando.",
    outcomeUnknown: "Puede que la importación se haya escrito o no. Vuelve a ejecutar el comando: importar el mismo archivo dos veces no cambia nada.",
  },
  pt: {
    file: "arquivo",
    line: (line) => `linha ${line}`,
    more: (count) => `… e mais ${count}.`,
    nothingImported: (count, file) => `Nada foi importado: ${count} ${count === 1 ? "problema" : "problemas"} em ${file}.`,
    readings: (found, duplicates, merged) =>
      `Medições encontradas: ${found}; contadas uma vez por serem a mesma medição de outra fonte: ${duplicates}; dias que juntaram várias: ${merged}.`,
    summary: (dryRun, created, updated, unchanged, conflicts) =>
      `${dryRun ? "Seria importado" : "Importado"}. Novos: ${created} · Atualizados: ${updated} · Sem mudança: ${unchanged} · Deixados como estavam (outros valores salvos): ${conflicts}`,
    conflicts: (dates) => `Datas deixadas como estavam: ${dates}. Acrescente --replace para usar os valores do arquivo.`,
    writeFailed: "A importação não pôde ser gravada; nada foi importado. Execute o comando de novo.",
    outcomeUnknown: "A importação pode ou não ter sido gravada. Execute o comando de novo: importar o mesmo arquivo duas vezes não muda nada.",
  },
};
