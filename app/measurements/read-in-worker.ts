// Runs the import worker on one file and answers its result; progress comes through `onProgress` meanwhile.
import type { ForeignImportOptions } from "@/lib/measurements/import/import-options";
import type { ForeignFileResult, ImportProgress } from "@/lib/measurements/import/read-foreign-file";
import type { WorkerReply, WorkerRequest } from "./import-worker-messages";

export function readInWorker(options: {
  file: File;
  importOptions: ForeignImportOptions;
  today: string;
  onProgress: (progress: ImportProgress) => void;
}): Promise<ForeignFileResult> {
  const worker = new Worker(new URL("./import-worker.ts", import.meta.url), { type: "module" });
  return new Promise<ForeignFileResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.kind === "progress") return options.onProgress(reply);
      worker.terminate();
      if (reply.kind === "done") resolve(reply.result);
      else reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    const request: WorkerRequest = { file: options.file, options: options.importOptions, today: options.today };
    worker.postMessage(request);
  });
}
