// PostgreSQL migrations (DATABASE_URL=postgres://…); `npm run db:generate` runs this and drizzle.config.ts.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/postgres/schema.ts",
  out: "./drizzle/postgres",
});
