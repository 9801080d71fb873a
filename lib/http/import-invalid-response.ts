// 422 import_invalid: every problem of the file, coded, on its line, and a whole-file sentence, in the person's language.
import type { Locale } from "@/lib/i18n/locale";
import { importProblemsSummary } from "@/lib/measurements/import/import-messages";
import type { ImportRowError } from "@/lib/measurements/import/import-problem";
import { problemResponse } from "./problem";

export function importInvalidResponse(errors: readonly ImportRowError[], locale: Locale): Response {
  return problemResponse({ slug: "import_invalid", detail: importProblemsSummary(errors, locale), extensions: { errors } });
}
