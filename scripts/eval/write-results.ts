// Writes a results file as eval/results/<date>-<provider>-<model>.json with its table beside it (.md). A second run
// of the same model on the same day gets -2, -3, ...: results are never overwritten.
import fs from "node:fs";
import path from "node:path";
import type { EvalResults } from "./eval-results";
import { formatResultsTable } from "./format-results-table";

/** A model name as a file name part: "meta-llama/Llama-3.1-8B" becomes "meta-llama_Llama-3.1-8B". */
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "") || "model";

export function writeResults(options: { results: EvalResults; directory: string }): { jsonFile: string; markdownFile: string } {
  const { results, directory } = options;
  fs.mkdirSync(directory, { recursive: true });
  const base = `${results.startedAt.slice(0, 10)}-${fileNamePart(results.provider)}-${fileNamePart(results.model)}`;
  let name = base;
  for (let suffix = 2; fs.existsSync(path.join(directory, `${name}.json`)); suffix += 1) name = `${base}-${suffix}`;
  const jsonFile = path.join(directory, `${name}.json`);
  const markdownFile = path.join(directory, `${name}.md`);
  // "wx": another eval that picked the same name a moment earlier makes this fail rather than overwrite it.
  fs.writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`, { flag: "wx" });
  fs.writeFileSync(markdownFile, formatResultsTable(results), { flag: "wx" });
  return { jsonFile, markdownFile };
}
