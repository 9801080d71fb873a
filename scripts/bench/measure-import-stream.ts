// The import of a large Apple Health export through `npm run admin -- import`, streamed from disk: MB/s against
// reading the same bytes without parsing, peak RSS against that plain read, and how much the peak grows when the file
// is four times larger (memory must stay flat in file size). Each side runs in its own process.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { createEntry, type BenchEntry } from "./bench-entry";
import { createBenchDirectory } from "./create-bench-directory";
import { generateAppleHealthExport } from "./generate-apple-health-export";

export type ImportStreamOptions = { megabytes: number };

type ChildFigure = { ms: number; peakRssBytes: number; startRssBytes: number; stdout: string[] };
const MB = 1024 * 1024;
const run = promisify(execFile);

async function runChild(options: { mode: "import" | "read"; file: string; directory: string }): Promise<ChildFigure> {
  const tsx = path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs");
  const database = path.join(options.directory, `palestra-${options.mode}-${path.basename(options.file)}.db`);
  const { stdout } = await run(
    process.execPath,
    [tsx, "--conditions=react-server", "scripts/bench/import-stream-child.ts", options.mode, options.file, "bench@example.com"],
    {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_PATH: database, BETTER_AUTH_SECRET: "b".repeat(40), BETTER_AUTH_URL: "http://localhost:3000", PALESTRA_SIGNUP: "closed" },
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as ChildFigure;
}

export async function measureImportStream(options: ImportStreamOptions & { report?: (line: string) => void }): Promise<BenchEntry[]> {
  const { megabytes, report = () => {} } = options;
  const scratch = createBenchDirectory("import");
  try {
    const smallFile = path.join(scratch.directory, "export-quarter.xml");
    const largeFile = path.join(scratch.directory, "export.xml");
    report(`import stream: generating Apple Health exports of ${megabytes / 4} MB and ${megabytes} MB`);
    await generateAppleHealthExport({ file: smallFile, megabytes: megabytes / 4 });
    const generated = await generateAppleHealthExport({ file: largeFile, megabytes });
    const read = await runChild({ mode: "read", file: largeFile, directory: scratch.directory });
    const small = await runChild({ mode: "import", file: smallFile, directory: scratch.directory });
    const large = await runChild({ mode: "import", file: largeFile, directory: scratch.directory });
    report(`import stream: ${large.stdout.join(" | ")}`);
    const sizeMb = generated.bytes / MB;
    const name = `Apple Health export of ${megabytes} MB through npm run admin -- import`;
    const readRate = sizeMb / (read.ms / 1_000);
    return [
      createEntry({
        name: `${name}: throughput`,
        value: sizeMb / (large.ms / 1_000),
        unit: "MB/s",
        baseline: "reading the same bytes from disk without parsing",
        baselineValue: readRate,
        digits: 1,
        note: `${generated.days} days of weigh-ins (two sources each) among step and heart-rate records`,
      }),
      createEntry({
        name: `${name}: peak RSS`,
        value: large.peakRssBytes / MB,
        unit: "MB",
        baseline: "peak RSS of reading the same bytes without parsing",
        baselineValue: read.peakRssBytes / MB,
        digits: 1,
        note: `${(large.startRssBytes / MB).toFixed(0)} MB of it held before the first byte was read: the app's code (auth, store, domain) loaded by the command`,
      }),
      createEntry({
        name: `${name}: peak RSS growth from a ${megabytes / 4} MB file`,
        value: (large.peakRssBytes - small.peakRssBytes) / MB,
        unit: "MB",
        baseline: `peak RSS importing the ${megabytes / 4} MB file`,
        baselineValue: small.peakRssBytes / MB,
        target: { description: "< 32 MB (flat in file size)", holds: ({ value }) => value < 32 },
        digits: 1,
      }),
    ];
  } finally {
    scratch.remove();
  }
}

/** For run-one-figure: `import --size-mb N` overrides the mode's size. */
export function importSizeFromArguments(argv: readonly string[], fallback: number): number {
  const index = argv.indexOf("--size-mb");
  const value = index >= 0 ? Number(argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
