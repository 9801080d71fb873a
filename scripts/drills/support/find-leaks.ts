// Scans text the model or the browser receives for internals: stack frames, file paths, SQLite codes, exception names, SQL, hosts, env values.
import os from "node:os";

const patterns: { label: string; pattern: RegExp }[] = [
  { label: "stack frame", pattern: /\bat\s+\S+\s+\(|\n\s+at\s|\bat\s+(?:file:\/\/|node:|\/)\S+:\d+/ },
  { label: "file path", pattern: /(?:^|[\s'"(=:])\/(?:[A-Za-z0-9_.-]+\/)+[A-Za-z0-9_.-]*|[A-Za-z]:\\[^\s]+|file:\/\// },
  { label: "SQLite code", pattern: /SQLITE_/ },
  { label: "exception class name", pattern: /\b[A-Z][A-Za-z]*(?:Error|Exception)\b|\bError:/ },
  { label: "SQL", pattern: /\b(?:insert\s+into|select\s+.+\s+from|update\s+\S+\s+set|delete\s+from|begin\s+immediate|rollback|pragma)\b/i },
];

/** Environment values long and specific enough that their appearance cannot be a coincidence (npm's own npm_* variables aside). */
function environmentValues(): string[] {
  return Object.entries(process.env)
    .filter(([name]) => !name.startsWith("npm_"))
    .map(([, value]) => value)
    .filter((value): value is string => typeof value === "string" && value.length >= 8 && !/^\d+$/.test(value));
}

export type Leak = { label: string; excerpt: string };

/** Returns every leak found in `text`; `forbidden` adds exact strings that must never appear (an error's own message, a path). */
export function findLeaks(text: string, options: { forbidden?: readonly string[] } = {}): Leak[] {
  const leaks: Leak[] = [];
  for (const { label, pattern } of patterns) {
    const match = pattern.exec(text);
    if (match) leaks.push({ label, excerpt: match[0].slice(0, 80) });
  }
  const exact = [...(options.forbidden ?? []), os.hostname(), os.homedir(), os.tmpdir(), process.cwd(), "localhost", "127.0.0.1"].filter(
    (value) => value.length > 0,
  );
  for (const value of exact) if (text.includes(value)) leaks.push({ label: "forbidden text", excerpt: value.slice(0, 80) });
  for (const value of environmentValues()) if (text.includes(value)) leaks.push({ label: "environment value", excerpt: `${value.slice(0, 4)}…` });
  return leaks;
}
