// Which Playwright projects a run selected, read from its command line (`--project=a`, `--project a b`; wildcards as
// Playwright matches them), so playwright.config.ts starts only the web servers those projects need.

/** The projects named on the command line among `known`; all of them when none is named (Playwright's default). */
export function selectedProjects(argv: readonly string[], known: readonly string[]): string[] {
  const named: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? "";
    if (argument.startsWith("--project=")) named.push(argument.slice("--project=".length));
    else if (argument === "--project")
      while (argv[index + 1] !== undefined && !(argv[index + 1] ?? "").startsWith("-") && known.some((name) => matches(name, argv[index + 1] ?? "")))
        named.push(argv[(index += 1)] ?? "");
  }
  if (named.length === 0) return [...known];
  return known.filter((name) => named.some((pattern) => matches(name, pattern)));
}

/** Playwright's project filter: case-insensitive, `*` for any run of characters. */
function matches(name: string, pattern: string): boolean {
  const expression = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${expression}$`, "i").test(name);
}

/** The servers the selected projects need, each once, in the order `all` lists them. */
export function serversFor<Server>(options: { projects: readonly string[]; needs: Record<string, readonly Server[]>; all: readonly Server[] }): Server[] {
  const wanted = new Set(options.projects.flatMap((project) => options.needs[project] ?? options.all));
  return options.all.filter((server) => wanted.has(server));
}
