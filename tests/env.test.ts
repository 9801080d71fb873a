import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";

let folder: string;
let databasePath: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-env-"));
  databasePath = path.join(folder, "data", "palestra.db");
});

afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A production environment with the data folder in the test's temporary directory, plus the given variables. */
function environment(values: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { NODE_ENV: "production", DATABASE_PATH: databasePath, ...values };
}

function parseError(values: Record<string, string>): EnvError {
  try {
    parseEnv(environment(values));
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("expected an EnvError");
}

describe("parseEnv", () => {
  it("rejects a non-numeric PORT naming the variable", () => {
    expect(parseError({ PORT: "abc" }).message).toMatch(/^\s*PORT: /m);
  });

  it("rejects an unknown COACH_PROVIDER naming the variable", () => {
    const error = parseError({ COACH_PROVIDER: "nope" });
    expect(error.message).toMatch(/^\s*COACH_PROVIDER: /m);
    expect(error.message).toContain("offline");
  });

  it("requires OPENAI_API_KEY when COACH_PROVIDER=openai", () => {
    expect(parseError({ COACH_PROVIDER: "openai" }).message).toContain("OPENAI_API_KEY: required when COACH_PROVIDER=openai");
  });

  it("rejects a BETTER_AUTH_URL that is not a URL, naming it", () => {
    expect(parseError({ BETTER_AUTH_URL: "localhost:3000" }).message).toMatch(/^\s*BETTER_AUTH_URL: /m);
  });

  it("uses the documented defaults", () => {
    const env = parseEnv(environment());
    expect(env.PORT).toBe(3000);
    expect(env.COACH_PROVIDER).toBe("offline");
    expect(env.authUrl).toBe("http://localhost:3000");
    expect(env.qaEnabled).toBe(false);
    expect(env.PALESTRA_TOOL_TIMEOUT_MS).toBe(5_000);
    expect(env.PALESTRA_CHAT_TURNS_PER_MINUTE).toBe(30);
    expect(env.PALESTRA_MAX_BODY_BYTES).toBe(1_048_576);
    expect(env.PALESTRA_SIGNUP).toBe("open");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATABASE_POOL_SIZE).toBe(10);
  });

  it("reads DATABASE_URL as a postgres:// URL and DATABASE_POOL_SIZE as a whole number, naming either otherwise", () => {
    const secret = "s".repeat(32);
    const env = parseEnv(environment({ DATABASE_URL: "postgres://app:pw@db.internal:5432/palestra", DATABASE_POOL_SIZE: "4", BETTER_AUTH_SECRET: secret }));
    expect(env.DATABASE_URL).toBe("postgres://app:pw@db.internal:5432/palestra");
    expect(env.DATABASE_POOL_SIZE).toBe(4);
    expect(parseEnv(environment({ DATABASE_URL: "postgresql://localhost/palestra", BETTER_AUTH_SECRET: secret })).DATABASE_URL).toBe(
      "postgresql://localhost/palestra",
    );
    expect(parseEnv(environment({ DATABASE_URL: " " })).DATABASE_URL).toBeUndefined();
    expect(parseError({ DATABASE_URL: "mysql://localhost/palestra", BETTER_AUTH_SECRET: secret }).message).toMatch(/^\s*DATABASE_URL: /m);
    for (const value of ["0", "abc", "2.5"]) expect(parseError({ DATABASE_POOL_SIZE: value }).message, value).toMatch(/^\s*DATABASE_POOL_SIZE: /m);
  });

  it("requires BETTER_AUTH_SECRET with DATABASE_URL, since every instance must sign sessions alike", () => {
    expect(parseError({ DATABASE_URL: "postgres://localhost/palestra" }).message).toContain("BETTER_AUTH_SECRET: required when DATABASE_URL is set");
  });

  it("reads PALESTRA_MAX_BODY_BYTES as a whole number of bytes between 1 KiB and 32 MiB, naming it otherwise", () => {
    expect(parseEnv(environment({ PALESTRA_MAX_BODY_BYTES: "65536" })).PALESTRA_MAX_BODY_BYTES).toBe(65_536);
    for (const value of ["abc", "1.5", "100", String(64 * 1024 * 1024), "-1"]) {
      expect(parseError({ PALESTRA_MAX_BODY_BYTES: value }).message, value).toMatch(/^\s*PALESTRA_MAX_BODY_BYTES: /m);
    }
  });

  it("reads PALESTRA_SIGNUP as open or closed, in any case, naming it otherwise", () => {
    expect(parseEnv(environment({ PALESTRA_SIGNUP: " Closed " })).PALESTRA_SIGNUP).toBe("closed");
    expect(parseEnv(environment({ PALESTRA_SIGNUP: "" })).PALESTRA_SIGNUP).toBe("open");
    expect(parseError({ PALESTRA_SIGNUP: "invite-only" }).message).toMatch(/^\s*PALESTRA_SIGNUP: /m);
  });
});

describe("the auth secret", () => {
  it("is generated once into the data folder and reused on the next start", () => {
    const first = parseEnv(environment()).authSecret;
    const file = path.join(folder, "data", ".auth-secret");
    expect(fs.readFileSync(file, "utf8")).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The data folder it created is the server account's alone.
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(parseEnv(environment()).authSecret).toBe(first);
  });

  it("comes from BETTER_AUTH_SECRET when set, without writing a file", () => {
    const secret = "s".repeat(40);
    expect(parseEnv(environment({ BETTER_AUTH_SECRET: secret })).authSecret).toBe(secret);
    expect(fs.existsSync(path.join(folder, "data", ".auth-secret"))).toBe(false);
  });

  it("rejects a BETTER_AUTH_SECRET shorter than 32 characters", () => {
    expect(parseError({ BETTER_AUTH_SECRET: "short" }).message).toMatch(/^\s*BETTER_AUTH_SECRET: must be at least 32 characters/m);
  });
});
