// The production build of the first-visit baseline (bench/first-visit-baseline: create-next-app's App Router
// template), made with Palestra's own installed `next build`, kept between runs under the hash of its sources.
//
// It is built in the system's temporary folder, not inside the repository: Next infers the workspace root from the
// outermost lockfile, and inside this repository it would compile Palestra's own proxy.ts and instrumentation.ts into
// the template. The copy gets Palestra's node_modules as hard links (nothing is downloaded or installed; a full copy
// where the temporary folder is on another file system).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const FIXTURE = path.join("bench", "first-visit-baseline");
const PREFIX = "palestra-first-visit-baseline-";

function listFiles(directory: string): string[] {
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(directory, entry.name)) : [path.join(directory, entry.name)]))
    .sort();
}

/** The hash of the template's files and of the `next` that builds them: a new build whenever either changes. */
function sourceHash(root: string): string {
  const hash = crypto.createHash("sha256");
  const fixture = path.join(root, FIXTURE);
  for (const file of listFiles(fixture)) hash.update(path.relative(fixture, file)).update(fs.readFileSync(file));
  hash.update(fs.readFileSync(path.join(root, "node_modules", "next", "package.json")));
  return hash.digest("hex").slice(0, 16);
}

function linkOrCopy(source: string, target: string): void {
  const linked = spawnSync("cp", ["-al", source, target]);
  if (linked.status === 0) return;
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(source, target, { recursive: true });
}

export type BaselineBuild = { ok: true; directory: string; built: boolean } | { ok: false; reason: string };

/** The build's folder; builds it unless a build of the same sources exists (never when `mayBuild` is false). */
export function ensureFirstVisitBaselineBuild(options: { mayBuild: boolean; root?: string }): BaselineBuild {
  const root = options.root ?? process.cwd();
  const directory = path.join(os.tmpdir(), `${PREFIX}${sourceHash(root)}`);
  if (fs.existsSync(path.join(directory, ".next", "BUILD_ID"))) return { ok: true, directory, built: false };
  if (!options.mayBuild) return { ok: false, reason: "the create-next-app baseline is not built, and the quick run never builds" };
  // Older builds (of other sources) go first.
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (entry.startsWith(PREFIX)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
  fs.cpSync(path.join(root, FIXTURE), directory, { recursive: true });
  linkOrCopy(path.join(root, "node_modules"), path.join(directory, "node_modules"));
  const result = spawnSync(process.execPath, [path.join(directory, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: directory,
    encoding: "utf8",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-5).join(" ");
    fs.rmSync(directory, { recursive: true, force: true });
    return { ok: false, reason: `next build of the baseline exited with ${result.status ?? result.signal}: ${output}` };
  }
  return { ok: true, directory, built: true };
}
