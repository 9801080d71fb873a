// A scratch folder under bench/tmp (the repository's own file system, git-ignored) for the file databases.
import fs from "node:fs";
import path from "node:path";

export function createBenchDirectory(label: string): { directory: string; remove: () => void } {
  const root = path.join(process.cwd(), "bench", "tmp");
  fs.mkdirSync(root, { recursive: true });
  const directory = fs.mkdtempSync(path.join(root, `${label}-`));
  return { directory, remove: () => fs.rmSync(directory, { recursive: true, force: true }) };
}
