// Whether .next holds a production build of the current sources (the rule scripts/ensure-build.mjs applies for
// `npm start`), and building it when asked.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const sourceEntries = [
  "app",
  "lib",
  "db",
  "drizzle",
  "public",
  "next.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "instrumentation.ts",
  "proxy.ts",
  "postcss.config.mjs",
];

function newestModification(target: string): { time: number; file: string | null } {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return { time: 0, file: null };
  }
  if (!stat.isDirectory()) return { time: stat.mtimeMs, file: target };
  let newest: { time: number; file: string | null } = { time: 0, file: null };
  for (const entry of fs.readdirSync(target)) {
    const candidate = newestModification(path.join(target, entry));
    if (candidate.time > newest.time) newest = candidate;
  }
  return newest;
}

/** Why the build is not current, or null when it is. */
export function findStaleBuildReason(root = process.cwd()): string | null {
  const buildIdFile = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildIdFile)) return "there is no production build";
  const builtAt = fs.statSync(buildIdFile).mtimeMs;
  for (const entry of sourceEntries) {
    const newest = newestModification(path.join(root, entry));
    if (newest.file && newest.time > builtAt) return `${path.relative(root, newest.file)} changed since the last build`;
  }
  return null;
}

/** Runs `next build`; returns the error text on failure. */
export function buildProduction(root = process.cwd()): { ok: true } | { ok: false; reason: string } {
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  return result.status === 0 ? { ok: true } : { ok: false, reason: `next build exited with ${result.status ?? result.signal}` };
}
