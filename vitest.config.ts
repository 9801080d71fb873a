import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // "server-only" throws outside React Server Components; tests run server code directly.
      { find: /^server-only$/, replacement: `${root}/tests/support/server-only-stub.ts` },
    ],
  },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // One PostgreSQL cluster for the run, started when a file first asks for a database.
    globalSetup: ["tests/support/postgres-global-setup.ts"],
    // Structured server logs are printed only for failing tests.
    silent: "passed-only",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
