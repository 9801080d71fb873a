// The import's Web Worker: reads another app's export from the chosen File as a stream (never whole), through the
// same format parsers and per-day rule as the server, posting progress (bytes read, readings found) as it goes.
// Health Connect's SQLite file is staged (see worker-staging.ts) and read here too: no file goes to the server whole.
import { createAppleHealthParser } from "@/lib/measurements/import/formats/apple-health";
import { createFitbitParser } from "@/lib/measurements/import/formats/fitbit";
import { createStagedHealthConnectParser, type StagingFile } from "@/lib/measurements/import/formats/health-connect-staged";
import { createMappedCsvParser } from "@/lib/measurements/import/formats/mapped-csv";
import { createOpenScaleParser } from "@/lib/measurements/import/formats/openscale";
import type { FormatParser } from "@/lib/measurements/import/formats/reading";
import { createWithingsParser } from "@/lib/measurements/import/formats/withings";
import type { ForeignImportOptions } from "@/lib/measurements/import/import-options";
import { readForeignFile } from "@/lib/measurements/import/read-foreign-file";
import type { WorkerReply, WorkerRequest } from "./import-worker-messages";
import { createWorkerStaging } from "./worker-staging";

const scope = self as unknown as { postMessage(message: WorkerReply): void; onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null };
const PROGRESS_EVERY_MS = 100;

function createParser(options: ForeignImportOptions, staging: StagingFile | null): FormatParser {
  if (options.format === "health-connect" && staging) return createStagedHealthConnectParser(staging);
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

async function read({ file, options, today }: WorkerRequest) {
  // The first chunk's progress shows at once (a worker's clock starts near 0); then at most one per PROGRESS_EVERY_MS.
  let lastProgress = -Infinity;
  const staging = options.format === "health-connect" ? await createWorkerStaging() : null;
  try {
    return await readForeignFile({
      parser: createParser(options, staging),
      chunks: chunksOf(file),
      perDay: options.perDay,
      today,
      onProgress: (progress) => {
        const now = performance.now();
        if (now - lastProgress < PROGRESS_EVERY_MS) return;
        lastProgress = now;
        scope.postMessage({ kind: "progress", ...progress });
      },
    });
  } finally {
    // An empty file never reaches the parser's end, which discards the copy otherwise.
    staging?.discard();
  }
}

scope.onmessage = (event) => {
  read(event.data).then(
    (result) => scope.postMessage({ kind: "done", result }),
    (error: unknown) => scope.postMessage({ kind: "failed", message: error instanceof Error ? error.message : String(error) }),
  );
};
