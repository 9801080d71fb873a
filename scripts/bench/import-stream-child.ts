// One side of the import figure, in its own process so its peak memory is its own: `import` runs `npm run admin --
// import` (the command's own code) on the file; `read` reads the same bytes from disk and does nothing with them.
// Prints one JSON line: { ms, peakRssBytes, stdout }.
import fs from "node:fs";
import { trackPeakRss } from "./track-peak-rss";

const [mode, file, email] = process.argv.slice(2);
if (!file || (mode !== "import" && mode !== "read")) throw new Error("usage: import-stream-child.ts import|read FILE [EMAIL]");

let stdout: string[] = [];
// Loaded only for the import, so the plain read's memory is that of reading alone.
const { runAdminCommand } = mode === "import" ? await import("../../lib/operations/run-admin-command") : { runAdminCommand: null };
if (runAdminCommand) {
  const created = await runAdminCommand(["users", "create", email ?? "bench@example.com"]);
  if (created.exitCode !== 0) throw new Error(created.stderr.join("\n"));
}
const peak = trackPeakRss(process.pid);
const started = performance.now();
if (runAdminCommand) {
  const answer = await runAdminCommand(["import", "--email", email ?? "bench@example.com", "--format", "apple-health", file]);
  if (answer.exitCode !== 0) throw new Error(answer.stderr.join("\n"));
  stdout = answer.stdout;
} else {
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) void (chunk as Buffer).length;
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, peakRssBytes: peak.peakBytes(), startRssBytes: peak.startBytes, stdout }));
