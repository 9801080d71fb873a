// What the page and its import worker say to each other.
import type { ForeignImportOptions } from "@/lib/measurements/import/import-options";
import type { ForeignFileResult } from "@/lib/measurements/import/read-foreign-file";

export type WorkerRequest = { file: File; options: ForeignImportOptions; today: string };
export type WorkerReply =
  { kind: "progress"; bytes: number; readings: number } | { kind: "done"; result: ForeignFileResult } | { kind: "failed"; message: string };
