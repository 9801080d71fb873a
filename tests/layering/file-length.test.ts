// No source file grows past 300 lines (style.md: a file past 300 lines is a sign to split by concept). The
// exceptions are listed by name with their reason, and only generated code and the schemas may be one: a file added
// to the list must say why splitting it would make it harder to read, not that splitting is work.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const maximumLines = 300;
/** Where the project's own source lives; drizzle/ (migrations written by drizzle-kit) is generated and not listed. */
const sourceFolders = ["app", "lib", "db", "scripts", "e2e", "tests"];
const sourceFile = /\.(ts|tsx|mjs|js|css)$/;

const exceptions: Record<string, string> = {
  // drizzle-kit diffs each dialect's schema as one module, and the tables' columns, indexes and checks read best side
  // by side with the other dialect's file of the same shape (tests/postgres checks the two mirror each other).
  "db/sqlite/schema.ts": "the SQLite schema (drizzle-kit's input for drizzle/sqlite)",
  "db/postgres/schema.ts": "the PostgreSQL schema (drizzle-kit's input for drizzle/postgres)",
};

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return sourceFile.test(entry.name) ? [relative] : [];
  });
}

/** Lines as an editor numbers them: a final newline ends the last line, it does not start another. */
function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("file length", () => {
  const files = sourceFolders.flatMap(sourceFiles);

  it(`keeps every source file at ${maximumLines} lines or fewer, outside the listed generated code and schemas`, () => {
    const long = files
      .filter((file) => !(file in exceptions))
      .map((file) => [file, lineCount(readFileSync(path.join(root, file), "utf8"))] as const)
      .filter(([, lines]) => lines > maximumLines);
    expect(long).toEqual([]);
  });

  it("lists only files that exist and are over the limit, so an exception does not outlive its reason", () => {
    const stale = Object.keys(exceptions).filter(
      (file) => !existsSync(path.join(root, file)) || lineCount(readFileSync(path.join(root, file), "utf8")) <= maximumLines,
    );
    expect(stale).toEqual([]);
  });

  it("counts lines as an editor numbers them", () => {
    expect([lineCount(""), lineCount("a"), lineCount("a\n"), lineCount("a\nb\n"), lineCount("a\n\nb")]).toEqual([0, 1, 1, 2, 3]);
  });
});
