// Streams the entries of a zip archive whose names match, as their bytes are inflated (fflate's synchronous Unzip, so
// the bytes come out during the push that brought them in): memory holds one chunk, never the archive.
import { Unzip, UnzipInflate } from "fflate";
import type { FormatParser } from "./reading";

export type ZipEntryHandlers = {
  matches(name: string): boolean;
  /** A matching entry starts; the returned function receives its bytes, `final` true on the last chunk. */
  open(name: string): (chunk: Uint8Array, final: boolean) => void;
};

/** True when the bytes start as a zip archive (local file header "PK\x03\x04"). */
export function isZip(start: Uint8Array): boolean {
  return start[0] === 0x50 && start[1] === 0x4b && start[2] === 0x03 && start[3] === 0x04;
}

export class ZipEntryStream {
  private readonly unzip: Unzip;
  private failure: Error | null = null;
  /** How many matching entries were found. */
  entries = 0;

  constructor(handlers: ZipEntryHandlers) {
    this.unzip = new Unzip((file) => {
      if (!handlers.matches(file.name)) return;
      this.entries += 1;
      const receive = handlers.open(file.name);
      file.ondata = (error, data, final) => {
        if (error) this.failure = error;
        else receive(data, final);
      };
      file.start();
    });
    this.unzip.register(UnzipInflate);
  }

  push(chunk: Uint8Array, final = false): void {
    this.unzip.push(chunk, final);
    if (this.failure) throw this.failure;
  }
}

/** A parser chosen by the file's first bytes (zip or not), however the input is cut: bytes wait until there are 4. An
 * input with no bytes at all is an empty file. */
export function choosingByFirstBytes(choose: (zip: boolean) => FormatParser): FormatParser {
  let chosen: FormatParser | null = null;
  let waiting = new Uint8Array(0);
  return {
    push(chunk) {
      if (chosen) return chosen.push(chunk);
      const joined = new Uint8Array(waiting.length + chunk.length);
      joined.set(waiting);
      joined.set(chunk, waiting.length);
      waiting = joined;
      if (waiting.length < 4) return [];
      chosen = choose(isZip(waiting));
      return chosen.push(waiting);
    },
    end() {
      if (chosen) return chosen.end();
      if (waiting.length === 0) return [{ problem: { code: "file_empty", columns: [], line: 0 } }];
      chosen = choose(false);
      return [...chosen.push(waiting), ...chosen.end()];
    },
  };
}
