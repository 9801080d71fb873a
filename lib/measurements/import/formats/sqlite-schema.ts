// The column names of a table from its CREATE TABLE statement as sqlite_master keeps it, and which column (if any) is
// the rowid's alias (INTEGER PRIMARY KEY: its record holds NULL, the value is the rowid). WITHOUT ROWID tables are
// stored as index b-trees, which the reader does not walk: answered as null.

const TABLE_CONSTRAINT = /^(constraint|primary|unique|check|foreign)\b/i;

/** Splits at top-level commas, leaving commas inside parentheses and quotes alone. */
function splitDefinitions(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (const character of body) {
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === '"' || character === "'" || character === "`") quote = character;
    else if (character === "[") quote = "]";
    else if (character === "(") depth += 1;
    else if (character === ")") depth -= 1;
    else if (character === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
      continue;
    }
    current += character;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

/** A definition's leading name, unquoted ("a b", `a`, [a], a), and what follows it. */
function leadingName(definition: string): { name: string; rest: string } {
  const quoted = /^(?:"((?:[^"]|"")*)"|`((?:[^`]|``)*)`|\[([^\]]*)\]|'((?:[^']|'')*)')/.exec(definition);
  if (quoted) {
    const name = quoted[1]?.replace(/""/g, '"') ?? quoted[2]?.replace(/``/g, "`") ?? quoted[3] ?? quoted[4]?.replace(/''/g, "'") ?? "";
    return { name, rest: definition.slice(quoted[0].length) };
  }
  const bare = /^[^\s(]+/.exec(definition)?.[0] ?? "";
  return { name: bare, rest: definition.slice(bare.length) };
}

export function columnsOfCreateTable(sql: string): { columns: string[]; rowIdAlias: string | null } | null {
  const open = sql.indexOf("(");
  const close = sql.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  if (/\bwithout\s+rowid\b/i.test(sql.slice(close))) return null;
  const columns: string[] = [];
  const integerColumns = new Set<string>();
  let rowIdAlias: string | null = null;
  for (const definition of splitDefinitions(sql.slice(open + 1, close))) {
    if (TABLE_CONSTRAINT.test(definition)) {
      // PRIMARY KEY (one INTEGER column) as a table constraint makes the same alias.
      const key = /^primary\s+key\s*\(\s*([^,)]+?)\s*(asc)?\s*\)/i.exec(definition)?.[1];
      const name = key === undefined ? undefined : leadingName(key).name;
      if (name !== undefined && integerColumns.has(name)) rowIdAlias = name;
      continue;
    }
    const { name, rest } = leadingName(definition);
    columns.push(name);
    // Only the exact type INTEGER makes the alias (INT PRIMARY KEY is an ordinary column), and only when not DESC.
    if (!/^\s*integer\b(?!\s*\()/i.test(rest)) continue;
    integerColumns.add(name);
    if (/\bprimary\s+key\b(?!\s+desc)/i.test(rest)) rowIdAlias = name;
  }
  return { columns, rowIdAlias };
}
