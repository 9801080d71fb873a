// `npm run lint:openapi`: the served OpenAPI document under Redocly's `recommended` ruleset, offline, telemetry off. Any
// error or warning fails: a warning there (an operation without operationId, an unused component) is a gap in the contract.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/http/openapi-document";

type LintReport = { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-openapi-"));
try {
  const file = path.join(folder, "openapi.json");
  fs.writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
  const redocly = path.join(process.cwd(), "node_modules", ".bin", "redocly");
  const run = spawnSync(redocly, ["lint", "--extends=recommended", "--format=json", file], {
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  const start = run.stdout.indexOf("{");
  if (start === -1) throw new Error(`redocly printed no report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout.slice(start)) as LintReport;
  for (const problem of report.problems) console.log(`${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? "?"}`);
  const { errors, warnings } = report.totals;
  console.log(`OpenAPI document, Redocly recommended: ${errors} errors, ${warnings} warnings`);
  process.exitCode = errors + warnings === 0 ? 0 : 1;
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
