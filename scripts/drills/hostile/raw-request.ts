// One HTTP request written by hand, for what a friendly client never sends: raw paths, repeated headers, bodies that
// are huge or never end. Resolves with the answer even when the server closes the connection mid-upload.
import http from "node:http";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; bytesSent: number };

export type RawRequest = {
  url: string;
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  /** A small body sent whole. */
  body?: string;
  /** A large body: this many bytes in 1 MiB writes, chunked unless `declareLength`. */
  uploadBytes?: number;
  declareLength?: boolean;
  /** A hostile uploader: keeps writing after the answer, until the server cuts the connection. */
  ignoreAnswer?: boolean;
  timeoutMs?: number;
};

const SLICE = Buffer.alloc(1024 * 1024, 0x20);

export function rawRequest(options: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(options.url);
    const headers: Record<string, string | string[]> = { ...options.headers };
    if (options.uploadBytes !== undefined && options.declareLength) headers["content-length"] = String(options.uploadBytes);
    const request = http.request({ host: hostname, port, method: options.method, path: options.path, headers, agent: false });
    let bytesSent = 0;
    let answered = false;
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${options.method} ${options.path}: no answer within ${options.timeoutMs ?? 60_000} ms`));
    }, options.timeoutMs ?? 60_000);
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        const answer = () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString("utf8"), bytesSent });
        };
        if (options.ignoreAnswer && !request.destroyed) request.once("close", answer);
        else answer();
      });
      response.on("error", () => {});
    });
    // A refused upload ends in a reset or broken pipe on the write side; the answer may already be here.
    request.on("error", (error) => {
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    if (options.body !== undefined) {
      request.end(options.body);
      return;
    }
    if (options.uploadBytes === undefined) {
      request.end();
      return;
    }
    const total = options.uploadBytes;
    const writeMore = () => {
      while (bytesSent < total && !request.destroyed && (options.ignoreAnswer || !answered)) {
        const slice = SLICE.subarray(0, Math.min(SLICE.length, total - bytesSent));
        bytesSent += slice.length;
        if (!request.write(slice)) return void request.once("drain", writeMore);
      }
      if (bytesSent >= total && !request.destroyed) request.end();
    };
    writeMore();
  });
}
