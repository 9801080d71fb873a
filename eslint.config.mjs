import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layers import in one direction only (README, "Architecture"): app → lib/http, lib/chat → lib/agent →
// lib/measurements → lib/outcome → lib/store ← db/sqlite. Each block below lists what one layer may not import.
const databaseDrivers = [
  { regex: "^(drizzle-orm|better-sqlite3|pg)(/|$)", message: "Only the store's adapters (db/) talk to the database: go through lib/store's port." },
  { regex: "^better-auth/adapters/", message: "better-auth's database adapter is built by the store's adapter (Store.authDatabase)." },
];
const adapters = { regex: "^(@/|(\\.\\./)+)db/", message: "Only lib/scope/get-store.ts picks the store's adapter; use the port (lib/store) through the request scope." };
const restrict = (...patterns) => ["error", { patterns: [...databaseDrivers, ...patterns] }];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "node_modules/**", "drizzle/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "bench/tmp/**"]),
  {
    rules: {
      // App Router only: there is no pages/ directory for this rule to read.
      "@next/next/no-html-link-for-pages": "off",
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true }],
      // An async transaction callback commits while reporting failure with better-sqlite3.
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='transaction'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message: "transaction(async ...) commits while reporting failure with better-sqlite3: keep the callback synchronous.",
        },
      ],
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
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(@/|(\\.\\./)+)(lib/(?!store/)|app/)", message: "The adapters know only the port: db/ may import lib/store, nothing else of lib/ or app/." }] },
      ],
    },
  },
  {
    files: ["lib/store/**/*.ts"],
    rules: { "no-restricted-imports": restrict({ regex: "^@/(?!lib/store/)|^\\.\\./", message: "The port is interfaces only: it imports nothing of the app." }) },
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
    rules: { "no-restricted-imports": restrict(adapters, { regex: "^@/lib/(agent|http|chat|scope)/", message: "The domain returns domain results: it imports no surface above it." }) },
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
    rules: { "no-restricted-imports": restrict(adapters, { regex: "^@/lib/(http|chat|scope)/", message: "The loop is below the chat and the API: it is handed its scope, it does not build one." }) },
  },
  {
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts", "instrumentation.ts"],
    ignores: ["lib/store/**", "lib/outcome/**", "lib/i18n/**", "lib/measurements/**", "lib/agent/**", "lib/scope/get-store.ts"],
    rules: { "no-restricted-imports": restrict(adapters) },
  },
  {
    files: ["lib/scope/get-store.ts"],
    rules: { "no-restricted-imports": restrict() },
  },
]);
