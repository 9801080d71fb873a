// Runs `next build` when there is no current production build, so `npm start` works on a fresh clone.
// "Current" means .next/BUILD_ID exists and no source or config file is newer than it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildIdFile = path.join(root, ".next", "BUILD_ID");
const sourceFolders = ["app", "lib", "db", "drizzle", "public"];
const configFiles = ["next.config.ts", "tsconfig.json", "package.json", "package-lock.json", "instrumentation.ts", "proxy.ts", "postcss.config.mjs"];

/** The newest modification time under a path (0 when it does not exist). */
function newestModification(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return { time: 0, file: null };
  }
  if (!stat.isDirectory()) return { time: stat.mtimeMs, file: target };
  let newest = { time: 0, file: null };
  for (const entry of fs.readdirSync(target)) {
    const candidate = newestModification(path.join(target, entry));
    if (candidate.time > newest.time) newest = candidate;
  }
  return newest;
}

function reasonToBuild() {
  if (!fs.existsSync(buildIdFile)) return "no production build yet";
  const builtAt = fs.statSync(buildIdFile).mtimeMs;
  for (const name of [...sourceFolders, ...configFiles]) {
    const newest = newestModification(path.join(root, name));
    if (newest.time > builtAt) return `${path.relative(root, newest.file)} changed since the last build`;
  }
  return null;
}

const reason = reasonToBuild();
if (reason) {
  console.log(`Building Palestra (${reason})...`);
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  console.log("Production build is current.");
}
