// `npm run db:migrate`: applies the migrations in drizzle/sqlite/ to DATABASE_PATH (the app also does this on start).
import { getEnv } from "../lib/env";
import { openDatabase } from "../db/sqlite/open-database";

const env = getEnv();
const handle = openDatabase(env.DATABASE_PATH);
handle.sqlite.close();
console.log(`migrations applied to ${env.DATABASE_PATH}`);
