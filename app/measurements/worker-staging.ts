// The import worker's staging copy of a Health Connect database: a file in the origin's private file system (written
// and read synchronously, so memory holds a page at a time), or memory where the browser offers none.
import { createMemoryStaging, type StagingFile } from "@/lib/measurements/import/formats/health-connect-staged";

const PREFIX = "palestra-import-";

/** The synchronous handle of a dedicated worker (not in TypeScript's DOM library). */
type SyncAccessHandle = {
  write(buffer: Uint8Array, options: { at: number }): number;
  read(buffer: Uint8Array, options: { at: number }): number;
  flush(): void;
  close(): void;
};
type StagingDirectory = FileSystemDirectoryHandle & { keys(): AsyncIterable<string> };

/** Copies left by a tab closed mid-import; one still open in another tab is locked and stays. */
async function removeLeftovers(root: StagingDirectory): Promise<void> {
  for await (const name of root.keys()) {
    if (name.startsWith(PREFIX)) await root.removeEntry(name).catch(() => undefined);
  }
}

export async function createWorkerStaging(): Promise<StagingFile> {
  let root: StagingDirectory;
  let access: SyncAccessHandle;
  const name = `${PREFIX}${crypto.randomUUID()}.db`;
  try {
    root = (await navigator.storage.getDirectory()) as StagingDirectory;
    await removeLeftovers(root);
    const handle = (await root.getFileHandle(name, { create: true })) as FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncAccessHandle> };
    access = await handle.createSyncAccessHandle();
  } catch {
    return createMemoryStaging();
  }
  let size = 0;
  let open = true;
  return {
    write(chunk) {
      access.write(chunk, { at: size });
      size += chunk.length;
    },
    source() {
      access.flush();
      return {
        size,
        read(offset, length) {
          const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
          access.read(out, { at: offset });
          return out;
        },
      };
    },
    discard() {
      if (!open) return;
      open = false;
      access.close();
      void root.removeEntry(name).catch(() => undefined);
    },
  };
}
