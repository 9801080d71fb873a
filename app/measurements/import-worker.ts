// The import's Web Worker: reads another app's export from the chosen File as a stream (never whole), through the
// same format parsers and per-day rule as the server, posting progress (bytes read, readings found) as it goes.
import { createAppleHealthParser } from "@/lib/measurements/import/formats/apple-health";
import { createFitbitParser } from "@/lib/measurements/import/formats/fitbit";
import { createMappedCsvParser } from "@/lib/measurements/import/formats/mapped-csv";
import { createOpenScaleParser } from "@/lib/measurements/import/formats/openscale";
import type { FormatParser } from "@/lib/measurements/import/formats/reading";
import { createWithingsParser } from "@/lib/measurements/import/formats/withings";
import type { ForeignImportOptions } from "@/lib/measurements/import/import-options";
import { readForeignFile } from "@/lib/measurements/import/read-foreign-file";
import type { WorkerReply, WorkerRequest } from "./import-worker-messages";

const scope = self as unknown as { postMessage(message: WorkerReply): void; onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null };
const PROGRESS_EVERY_MS = 100;

function createParser(options: ForeignImportOptions): FormatParser {
  if (options.format === "apple-health") return createAppleHealthParser();
  if (options.format === "withings") return createWithingsParser();
  if (options.format === "fitbit") return createFitbitParser(options.unit ?? "kg");
  if (options.format === "openscale") return createOpenScaleParser();
  if (options.format === "csv" && options.mapping) return createMappedCsvParser(options.mapping);
  throw new Error(`The page does not read ${options.format} itself.`);
}

async function* chunksOf(file: File): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

scope.onmessage = (event) => {
  const { file, options, today } = event.data;
  let lastProgress = 0;
  readForeignFile({
    parser: createParser(options),
    chunks: chunksOf(file),
    perDay: options.perDay,
    today,
    onProgress: (progress) => {
      const now = performance.now();
      if (now - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = now;
      scope.postMessage({ kind: "progress", ...progress });
    },
  }).then(
    (result) => scope.postMessage({ kind: "done", result }),
    (error: unknown) => scope.postMessage({ kind: "failed", message: error instanceof Error ? error.message : String(error) }),
  );
};
