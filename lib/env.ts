// The one zod-validated view of process.env; a bad value stops the app with a message naming the variable.
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

export const providerNames = ["offline", "openai", "anthropic", "google", "openai-chat"] as const;
export type ProviderName = (typeof providerNames)[number];

export const defaultModels: Record<ProviderName, string> = {
  offline: "palestra-rules-1",
  openai: "gpt-5-mini",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
  "openai-chat": "llama3.1",
};

const optionalString = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), z.string().optional());
// http(s) only: "localhost:3000" is a valid URL with the scheme "localhost:", and would break every origin check.
const optionalUrl = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
);
const flag = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.enum(["1", "0", "true", "false", "on", "off", "yes", "no"]).optional(),
);

export const signupModes = ["open", "closed"] as const;
export type SignupMode = (typeof signupModes)[number];
/** A sign-in or sign-up body is a few hundred bytes; below 1 KiB every form would be refused. */
const MIN_BODY_BYTES = 1024;
const MAX_BODY_BYTES_CEILING = 32 * 1024 * 1024;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  DATABASE_PATH: z.string().trim().min(1).default("./data/palestra.db"),
  /** Unset: SQLite at DATABASE_PATH. postgres://user:password@host:port/database: PostgreSQL, shared by every instance. */
  DATABASE_URL: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL (leave it unset for SQLite)" }).optional(),
  ),
  /** PostgreSQL connections per instance. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  COACH_PROVIDER: z.enum(providerNames).default("offline"),
  COACH_MODEL: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  GEMINI_API_KEY: optionalString,
  GOOGLE_GEMINI_BASE_URL: optionalUrl,
  PALESTRA_QA: flag,
  BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  BETTER_AUTH_URL: optionalUrl,
  METRICS_TOKEN: optionalString,
  /** Without METRICS_TOKEN, /api/metrics answers 404 unless the operator opts in to serving it to anyone. */
  METRICS_PUBLIC: flag,
  /** How long a tool call may take before the harness gives up on it (a write then becomes outcome_unknown). */
  PALESTRA_TOOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Chat turns allowed per user per minute. */
  PALESTRA_CHAT_TURNS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * The largest request body any route accepts, counted by scripts/serve.mjs as it streams in. The ceiling keeps the
   * cap meaningful: every accepted body is held whole in memory by Next.js or better-auth, in a 256 MB heap.
   */
  PALESTRA_MAX_BODY_BYTES: z.coerce.number().int().min(MIN_BODY_BYTES).max(MAX_BODY_BYTES_CEILING).default(1_048_576),
  /** open: anyone who reaches the instance may sign up; closed: only an admin creates accounts (the first is always allowed). */
  PALESTRA_SIGNUP: z.preprocess((value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value), z.enum(signupModes).default("open")),
});

export type Env = z.infer<typeof envSchema> & {
  coachModel: string;
  qaEnabled: boolean;
  /** METRICS_PUBLIC is on: /api/metrics without METRICS_TOKEN is served to anyone. */
  metricsPublic: boolean;
  authSecret: string;
  authUrl: string;
};

/** Thrown at start when a variable is invalid; its message names the variable. */
export class EnvError extends Error {}

const requiredKeys: Partial<Record<ProviderName, keyof z.infer<typeof envSchema>>> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GEMINI_API_KEY",
};

/** Reads the secret from the data folder, creating it once so a fresh machine starts without configuration. */
function readOrCreateSecret(databasePath: string): string {
  const folder = databasePath === ":memory:" ? path.resolve("data") : path.dirname(path.resolve(databasePath));
  const file = path.join(folder, ".auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    // The data folder is private (0700), as db/private-files.ts makes it when the database is opened first.
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const secret = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      // Another process created it first: use theirs.
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const values = result.data;
  const requiredKey = requiredKeys[values.COACH_PROVIDER];
  if (requiredKey && !values[requiredKey]) {
    throw new EnvError(`Invalid environment configuration:\n  ${requiredKey}: required when COACH_PROVIDER=${values.COACH_PROVIDER}`);
  }
  if (values.COACH_PROVIDER === "openai-chat" && !values.OPENAI_BASE_URL) {
    throw new EnvError(
      "Invalid environment configuration:\n  OPENAI_BASE_URL: required when COACH_PROVIDER=openai-chat (the URL of your Chat Completions server)",
    );
  }
  if (values.DATABASE_URL && !values.BETTER_AUTH_SECRET) {
    // Several instances share one PostgreSQL: a secret created per machine would sign sessions the others refuse.
    throw new EnvError(
      "Invalid environment configuration:\n  BETTER_AUTH_SECRET: required when DATABASE_URL is set (every instance must sign sessions with the same secret)",
    );
  }
  const qaEnabled = values.PALESTRA_QA === undefined ? values.NODE_ENV === "development" : ["1", "true", "on", "yes"].includes(values.PALESTRA_QA);
  return {
    ...values,
    coachModel: values.COACH_MODEL ?? defaultModels[values.COACH_PROVIDER],
    qaEnabled,
    metricsPublic: values.METRICS_PUBLIC !== undefined && ["1", "true", "on", "yes"].includes(values.METRICS_PUBLIC),
    authSecret: values.BETTER_AUTH_SECRET ?? readOrCreateSecret(values.DATABASE_PATH),
    authUrl: values.BETTER_AUTH_URL ?? `http://localhost:${values.PORT}`,
  };
}

let cached: Env | undefined;

/** The validated environment, read once per process. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forgets the cached environment (tests change process.env between cases). */
export function resetEnvForTests(): void {
  cached = undefined;
}
