// The folders of lib/ import in one direction: no folder imports, directly or through others, a folder that imports it.
// A loop between folders is an import that runs back up the layers (lib/i18n/traces-text.ts once took the turn outcome
// types from lib/agent while lib/agent takes Locale from lib/i18n). ESLint's per-layer rules name what each layer may
// not import; this test catches a loop between any two folders, named or not.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** lib/agent/run-turn.ts -> lib/agent; a file directly in lib/ is its own node (lib/env.ts and "@/lib/env" -> lib/env). */
function folderOf(file: string): string {
  const parts = file.replace(/\.tsx?$/, "").split("/");
  return parts.slice(0, 2).join("/");
}

/** The lib/ files a module imports (static, dynamic, type-only and re-exports), as paths from the repository root. */
function importedLibFiles(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1] ?? "");
  return specifiers.flatMap((specifier) => {
    const target = specifier.startsWith("@/")
      ? specifier.slice(2)
      : specifier.startsWith(".")
        ? path.posix.join(path.posix.dirname(file), specifier)
        : undefined;
    return target?.startsWith("lib/") ? [target] : [];
  });
}

type Edge = { from: string; to: string; files: string[] };

/** The folder-level import edges of lib/, each with the file-level imports that make it. */
function folderEdges(files: { file: string; source: string }[]): Map<string, Edge> {
  const edges = new Map<string, Edge>();
  for (const { file, source } of files) {
    for (const target of importedLibFiles(file, source)) {
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      const edge = edges.get(key) ?? { from, to, files: [] };
      edge.files.push(`${file} -> ${target}`);
      edges.set(key, edge);
    }
  }
  return edges;
}

/** The edges that lie on a loop: an edge a -> b where b reaches a. */
function edgesOnLoops(edges: Map<string, Edge>): Edge[] {
  const next = new Map<string, string[]>();
  for (const edge of edges.values()) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const reaches = (start: string, goal: string): boolean => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const node = stack.pop() as string;
      if (node === goal) return true;
      if (seen.has(node)) continue;
      seen.add(node);
      stack.push(...(next.get(node) ?? []));
    }
    return false;
  };
  return [...edges.values()].filter((edge) => reaches(edge.to, edge.from));
}

describe("lib/ folder graph", () => {
  it("has no loop between folders: every import points down the layers", () => {
    const files = sourceFiles("lib").map((file) => ({ file, source: readFileSync(path.join(root, file), "utf8") }));
    const edges = folderEdges(files);
    // The graph was read: the agent imports the contract, the port, the domain.
    expect([...edges.keys()]).toEqual(expect.arrayContaining(["lib/agent -> lib/outcome", "lib/agent -> lib/store", "lib/agent -> lib/measurements"]));
    expect(edgesOnLoops(edges).flatMap((edge) => edge.files)).toEqual([]);
  });

  it("finds the loop that an upward import makes", () => {
    const files = [
      { file: "lib/agent/run-turn.ts", source: 'import type { Locale } from "@/lib/i18n/locale";' },
      { file: "lib/i18n/traces-text.ts", source: 'import type { TurnOutcome } from "../agent/turn-outcome";' },
      { file: "lib/i18n/locale.ts", source: 'import { z } from "zod";' },
      { file: "lib/env.ts", source: 'export { x } from "./i18n/locale";' },
    ];
    expect(edgesOnLoops(folderEdges(files)).flatMap((edge) => edge.files)).toEqual([
      "lib/agent/run-turn.ts -> lib/i18n/locale",
      "lib/i18n/traces-text.ts -> lib/agent/turn-outcome",
    ]);
  });
});
