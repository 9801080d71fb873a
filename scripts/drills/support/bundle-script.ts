// Bundles a drill's child-process script once into plain JavaScript, so that restarting a child costs a Node start, not a TypeScript compile.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const outputDirectory = path.join(process.cwd(), "node_modules", ".cache", "palestra-drills");
const bundles = new Map<string, Promise<string>>();

/** Returns the path of a runnable .mjs bundle of `entry` (relative to the repository root); builds it once per process. */
export function bundleScript(entry: string): Promise<string> {
  const existing = bundles.get(entry);
  if (existing) return existing;
  const pending = (async () => {
    fs.mkdirSync(outputDirectory, { recursive: true });
    const name = path.basename(entry).replace(/\.ts$/, "");
    const output = path.join(outputDirectory, `${name}.mjs`);
    // Another test process may bundle the same script at the same time: write aside, then rename atomically.
    const temporary = `${output}.${process.pid}.${Date.now()}.tmp`;
    await build({
      entryPoints: [path.join(process.cwd(), entry)],
      outfile: temporary,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // The react-server condition resolves "server-only" to its empty module, as `tsx --conditions=react-server` does.
      conditions: ["react-server"],
      // "@/..." imports resolve through tsconfig.json paths, which esbuild reads.
      external: ["better-sqlite3"],
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      minify: true,
      logLevel: "warning",
    });
    fs.renameSync(temporary, output);
    return output;
  })();
  bundles.set(entry, pending);
  return pending;
}
