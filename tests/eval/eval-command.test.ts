// `npm run eval` as a command: exit codes, the message for a missing key, results files marked synthetic when the
// fake answered, the comparison, and the thresholds that gate a prompt change. No real API is called.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runEvalCommand } from "@/scripts/eval/run-eval-command";

let directory: string;
beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-eval-test-"));
});
afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

async function evalCommand(argv: string[], environment: Record<string, string | undefined> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runEvalCommand(argv, { environment, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

const resultFiles = () => fs.readdirSync(directory).sort();
const readResults = (name: string) => JSON.parse(fs.readFileSync(path.join(directory, name), "utf8"));

describe("npm run eval without what it needs", () => {
  it.each([
    ["openai", "OPENAI_API_KEY"],
    ["anthropic", "ANTHROPIC_API_KEY"],
    ["google", "GEMINI_API_KEY"],
    ["openai-chat", "OPENAI_BASE_URL"],
  ])("--provider %s names %s and exits 2 without running anything", async (provider, variable) => {
    const result = await evalCommand(["--provider", provider, "--model", "some-model", "--out", directory], {
      OPENAI_API_KEY: provider === "openai" ? "" : "set",
    });
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toContain(`--provider ${provider} needs ${variable}`);
    expect(resultFiles()).toEqual([]);
  });

  it.each([
    [["--model", "m"], "--provider is required"],
    [["--provider", "openai"], "--model is required with --provider openai"],
    [["--provider", "fake", "--runs", "two"], "--runs must be a whole number from 1 to 100, received 'two'"],
    [["--provider", "fake", "--scenario", "nope"], "--scenario must be one of case-study-fallback"],
    [["--provider", "fake", "--max-invented=-1"], "--max-invented must be a number from 0 to 1, received '-1'"],
    [["--provider", "fake", "--min-recovery", "1.5"], "--min-recovery must be a number from 0 to 1, received '1.5'"],
    [["--provider", "fake", "--fake-script", "chaos"], "--fake-script must be one of well-behaved"],
    [["--provider", "openai", "--model", "m", "--fake-api", "google"], "--fake-script and --fake-api only apply to --provider fake"],
    [["--bogus"], "Unknown option '--bogus'."],
    [["--compare"], "--compare needs at least one results file"],
    [["--compare", "a.json", "--runs", "2"], "--runs belongs to a run, not a comparison"],
    [["stray.json"], "Unexpected argument 'stray.json'"],
  ])("refuses %j with a clear message and exit 2", async (argv, message) => {
    const result = await evalCommand(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("npm run eval --provider fake", () => {
  it("writes a results file and its table marked synthetic, never as a model's results", async () => {
    const result = await evalCommand(["--provider", "fake", "--runs", "1", "--scenario", "write-failed", "--scenario", "read-transient", "--out", directory]);
    expect(result.code).toBe(0);
    const [json, markdown] = resultFiles();
    expect(json).toMatch(/^\d{4}-\d{2}-\d{2}-fake-well-behaved\.json$/);
    expect(markdown).toBe(json?.replace(/\.json$/, ".md"));
    const results = readResults(json ?? "");
    expect(results).toMatchObject({
      kind: "palestra-eval",
      synthetic: true,
      provider: "fake",
      model: "well-behaved",
      api: "Chat Completions",
      runsPerScenario: 1,
    });
    expect(results.note).toContain("says nothing about any language model");
    expect(results.scenarios.map((scenario: { id: string }) => scenario.id)).toEqual(["read-transient", "write-failed"]);
    expect(results.summary).toMatchObject({ runs: 2, scored: 2, recovery: 1, invented: 0, extraRequests: 0, honestStop: 1, language: 1 });
    expect(result.stdout).toContain("**Synthetic: not a language model's results.**");
    expect(fs.readFileSync(path.join(directory, markdown ?? ""), "utf8")).toBe(result.stdout);
  });

  it("exits 1 when a score misses a threshold, 0 when every threshold is met, and never overwrites a results file", async () => {
    const misbehaving = [
      "--provider",
      "fake",
      "--fake-script",
      "invents-after-unavailable",
      "--runs",
      "1",
      "--scenario",
      "read-unavailable",
      "--out",
      directory,
    ];
    const missed = await evalCommand([...misbehaving, "--max-invented", "0", "--min-recovery", "1"]);
    expect(missed.code).toBe(1);
    expect(missed.stderr).toContain("invented is 1, above --max-invented 0");
    expect(missed.stderr).not.toContain("recovery is");
    const met = await evalCommand([...misbehaving, "--max-invented", "1", "--min-recovery", "1"]);
    expect(met.code).toBe(0);
    expect(resultFiles()).toHaveLength(4);
  });
});

describe("npm run eval --compare", () => {
  it("puts results files side by side and applies the thresholds to each", async () => {
    await evalCommand(["--provider", "fake", "--runs", "1", "--scenario", "case-study-fallback", "--out", directory]);
    await evalCommand([
      "--provider",
      "fake",
      "--fake-script",
      "answers-in-the-wrong-language",
      "--fake-api",
      "anthropic",
      "--runs",
      "1",
      "--scenario",
      "case-study-fallback",
      "--out",
      directory,
    ]);
    const files = resultFiles()
      .filter((name) => name.endsWith(".json"))
      .map((name) => path.join(directory, name));
    const result = await evalCommand(["--compare", ...files, "--min-language", "1"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\| language \| 0% \(0\/1\) \| 100% \(1\/1\) \|/);
    expect(result.stdout).toContain("| case study with fallback (es) | 1/1 · 0/1 · +0.0 · — · 0/1 | 1/1 · 0/1 · +0.0 · — · 1/1 |");
    expect(result.stdout).toContain("is synthetic: not a language model's results.");
    expect(result.stderr).toContain("answers-in-the-wrong-language");
    expect(result.stderr).toContain("language is 0, below --min-language 1");
    expect(result.stderr).not.toContain("well-behaved");
  });

  it("refuses a file that is not a results file", async () => {
    const other = path.join(directory, "other.json");
    fs.writeFileSync(other, JSON.stringify({ hello: "world" }));
    const result = await evalCommand(["--compare", other]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toContain("is not a palestra-eval results file");
  });
});

describe("the npm run eval process", () => {
  it("prints the missing variable and exits 2, with no stack trace", async () => {
    const environment = { ...process.env, OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", GEMINI_API_KEY: "" };
    const run = promisify(execFile)(
      "npx",
      ["tsx", "--conditions=react-server", "scripts/eval/main.ts", "--provider", "anthropic", "--model", "claude-sonnet-4-5"],
      { env: environment },
    );
    const failure = await run.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr.trim()).toBe("npm run eval: --provider anthropic needs ANTHROPIC_API_KEY (your Anthropic API key), and it is not set.");
  });
});
