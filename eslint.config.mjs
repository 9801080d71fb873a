import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layers import in one direction only (README, "Architecture"): app → lib/http, lib/chat → lib/agent →
// lib/measurements → lib/outcome → lib/store ← db/sqlite. Each block below lists what one layer may not import.
const databaseDrivers = [
  { regex: "^(drizzle-orm|better-sqlite3|pg)(/|$)", message: "Only the store's adapters (db/) talk to the database: go through lib/store's port." },
  { regex: "^better-auth/adapters/", message: "better-auth's database adapter is built by the store's adapter (Store.authDatabase)." },
];
const adapters = {
  regex: "^(@/|(\\.\\./)+)db/",
  message: "Only lib/scope/get-store.ts picks the store's adapter; use the port (lib/store) through the request scope.",
};
const asyncTransaction = {
  selector: "CallExpression[callee.property.name='transaction'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
  message: "transaction(async ...) commits while reporting failure with better-sqlite3: keep the callback synchronous.",
};
const restrict = (...patterns) => ["error", { patterns: [...databaseDrivers, ...patterns] }];

// Tests, drills, benches (scripts/bench) and E2E specs go through the port too (a store from
// tests/support/temporary-database.ts), so they run unchanged on a second adapter. The files below may use the driver,
// each for its reason.
const driverUsers = [
  // The adapters' own tests: opening the file, its pragmas, its migrations; PostgreSQL's migrations, schema mirror,
  // throwaway clusters and saves under a cut connection.
  "tests/db/**",
  "tests/postgres/**",
  // The store adapters' fixtures write accounts and sessions with each dialect's schema.
  "tests/store/store-adapters.ts",
  // Create and drop the run's PostgreSQL test databases (CREATE DATABASE ... TEMPLATE) and migrate the template: below
  // the port.
  "tests/support/shared-postgres.ts",
  "tests/support/postgres-global-setup.ts",
  // Writes a Health Connect export (another app's SQLite file) for the import's tests: never Palestra's database.
  "tests/measurements/import/formats/format-fixtures.ts",
  // Writes SQLite files of many shapes and reads them back with SQLite itself, to check the page's own reader of
  // another app's SQLite file (lib/measurements/import/formats/sqlite-file.ts): never Palestra's database.
  "tests/measurements/import/formats/sqlite-file.test.ts",
  // The scale-out drills read what the cluster holds without any instance, claims still in flight (rows without an
  // outcome) included, which the port never returns.
  "scripts/drills/scale-out/read-stored-writes.ts",
  // Holds the PostgreSQL server's save of one date on a lock of the test's own, so a duplicate certainly meets
  // the claim committed and the outcome not (the in-flight E2E case on PostgreSQL).
  "e2e/api/hold-postgres-saves.ts",
  // The bench's baseline: raw single-row INSERT transactions on the same server, the floor the PG save is set against.
  "scripts/bench/measure-postgres-figures.ts",
  // Counts the WAL frames a save commits: a property of SQLite's journal, not of the port.
  "scripts/bench/count-wal-commits.ts",
  // Inject SQLite errors (SqliteError codes, failing prepared statements) under the adapter, and check the rows after.
  "scripts/drills/fault-matrix/storage-error.ts",
  "scripts/drills/fault-matrix/failing-statements.ts",
  "scripts/drills/fault-matrix/fault-case.ts",
  "scripts/drills/fault-matrix/run-turn-fault-matrix.ts",
  // The crash drill's negative control: a save deliberately split over two commits, which the port cannot express.
  "scripts/drills/crash/non-atomic-save.ts",
  // SQLite's own backup file: opened read-only to check a copy, or altered to play a database from an older build.
  "tests/operations/backup-commands.test.ts",
  "e2e/api/backup-under-load.spec.ts",
  // Reads a session token straight from the running server's file, as a local reader would, to show it is useless.
  "e2e/api/data-at-rest.spec.ts",
  // Makes its own server's database fail under the root layout (renames the session table away and back).
  "e2e/production-server.spec.ts",
  // Checks that the SQLite adapter writes a turn's rows with statements compiled once per row shape.
  "tests/agent/prepared-row-writes.test.ts",
  // Checks the SQLite adapter's turn writer thread: its second connection's lock, rows and quota count.
  "tests/store/turn-writer-thread.test.ts",
];
// Tests and scripts read and write rows through the port (store.inspection, the domain's own reads), not through a
// dialect's tables. The files below still name the SQLite or PostgreSQL schema without needing the driver, each for its
// reason; the driverUsers above may name it too.
const schemaUsers = [
  // The bench's baseline: raw single-row INSERT transactions on SQLite, the floor the port's save is set against.
  "scripts/bench/create-raw-inserter.ts",
];
const schemaModules = {
  regex: "^(@/|(\\.\\./)+)db/(sqlite|postgres)/schema(\\.ts)?$",
  message: "Tests, drills and benches read and write rows through the port (store.inspection, the domain's reads), not a dialect's tables.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "node_modules/**", "drizzle/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "bench/tmp/**"]),
  {
    rules: {
      // App Router only: there is no pages/ directory for this rule to read.
      "@next/next/no-html-link-for-pages": "off",
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // An async transaction callback commits while reporting failure with better-sqlite3.
      "no-restricted-syntax": ["error", asyncTransaction],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its failure, and one passed where a void callback is expected is
    // never awaited either. bench/first-visit-baseline/ is a separate Next.js app outside the tsconfig.
    files: ["**/*.{ts,tsx}"],
    ignores: ["bench/first-visit-baseline/**"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "import/no-duplicates": "error",
    },
  },
  {
    // No module imports, directly or through others, a module that imports it (type-only imports included): a loop is an
    // import that runs back up the layers. tests/layering/lib-folder-graph.test.ts checks the same between lib/ folders.
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "db/**/*.ts", "proxy.ts", "instrumentation.ts"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // The port's inspection is for tests and drills: the app reads through the stores' own read models.
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts", "instrumentation.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        asyncTransaction,
        { selector: "MemberExpression[property.name='inspection']", message: "store.inspection is for tests and drills: read through the port's stores." },
      ],
    },
  },
  {
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/|(\\.\\./)+)(lib/(?!store/)|app/)",
              message: "The adapters know only the port: db/ may import lib/store, nothing else of lib/ or app/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/store/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict({ regex: "^@/(?!lib/store/)|^\\.\\./", message: "The port is interfaces only: it imports nothing of the app." }),
    },
  },
  {
    files: ["lib/outcome/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict({
        regex: "^@/(?!lib/(outcome|store)/|lib/i18n/locale$)|^\\.\\./",
        message: "lib/outcome is the contract every surface shares: it imports only lib/store, lib/i18n/locale and itself.",
      }),
    },
  },
  {
    files: ["lib/measurements/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict(adapters, {
        regex: "^@/lib/(agent|http|chat|scope)/",
        message: "The domain returns domain results: it imports no surface above it.",
      }),
    },
  },
  {
    // lib/outcome and the domain take Locale from lib/i18n, so lib/i18n sits below them: a type it needs from a layer
    // above (how a turn ended, why a call was skipped) is declared lower, with the port (lib/store/records.ts).
    files: ["lib/i18n/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict(adapters, {
        regex: "^@/lib/(agent|chat|http|scope|measurements|outcome|traces|account|conversations|export)/",
        message: "lib/i18n is below lib/outcome and the domain: it imports no layer above them.",
      }),
    },
  },
  {
    files: ["lib/agent/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict(adapters, {
        regex: "^@/lib/(http|chat|scope)/",
        message: "The loop is below the chat and the API: it is handed its scope, it does not build one.",
      }),
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts", "instrumentation.ts"],
    ignores: [
      "lib/store/**",
      "lib/outcome/**",
      "lib/i18n/**",
      "lib/measurements/**",
      "lib/agent/**",
      "lib/scope/get-store.ts",
      "lib/scope/read-health-connect-export.ts",
    ],
    rules: { "no-restricted-imports": restrict(adapters) },
  },
  {
    // The composition root: the store's adapter, and the reader of Health Connect's SQLite export (an import file).
    files: ["lib/scope/get-store.ts", "lib/scope/read-health-connect-export.ts"],
    rules: { "no-restricted-imports": restrict() },
  },
  {
    // Tests, drills, benches and E2E specs: neither the driver nor a dialect's schema, but for the files listed above.
    files: ["tests/**/*.ts", "scripts/**/*.{ts,mjs}", "e2e/**/*.ts"],
    ignores: [...driverUsers, ...schemaUsers],
    rules: { "no-restricted-imports": ["error", { patterns: [...databaseDrivers, schemaModules] }] },
  },
  {
    // The schemaUsers may name the schema, still not the driver.
    files: schemaUsers,
    ignores: driverUsers,
    rules: { "no-restricted-imports": ["error", { patterns: databaseDrivers }] },
  },
]);
