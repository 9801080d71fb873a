// The evaluation's one point of contact with the app's internals: a scratch database, the person, the seeded records,
// the armed QA storage faults, the app's own runTurn with the app's own provider factory (so what is evaluated is what
// ships, system prompt included), and the stored turns read back through the app's read models.
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@/db/sqlite/open-database";
import { createProvider } from "@/lib/agent/providers/create-provider";
import type { ModelProvider } from "@/lib/agent/providers/types";
import { runTurn } from "@/lib/agent/run-turn";
import { DEFAULT_MAX_ROUNDS } from "@/lib/agent/stop-conditions";
import { buildSystemPrompt } from "@/lib/agent/system-prompt";
import { getConversation } from "@/lib/conversations/read-conversations";
import { parseEnv, type ProviderName } from "@/lib/env";
import { armFault } from "@/lib/faults/manage-faults";
import { locales } from "@/lib/i18n/locale";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { saveMeasurementInputSchema } from "@/lib/measurements/validation";
import { getTurnTrace } from "@/lib/traces/read-traces";
import type { EvalScenario } from "./eval-scenario";
import type { StoredRun, StoredTurn } from "./stored-run";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { createTestUser } from "@/tests/support/create-test-user";

export { ProviderError, type ModelProvider } from "@/lib/agent/providers/types";
/** The harness's round limit: every run is bounded by it, as every chat turn is. */
export const HARNESS_MAX_ROUNDS = DEFAULT_MAX_ROUNDS;

/** Turn outcomes after which a scenario's later turns are not run: nothing the model did can be scored from there. */
const abandoningOutcomes = new Set(["provider_error", "internal_error"]);

/**
 * The app's adapter for `name`, built by the app's factory from the given environment (variables as the app reads
 * them: OPENAI_API_KEY, OPENAI_BASE_URL, ...). Throws the app's EnvError, naming the variable, when one is invalid.
 */
export function createEvalProvider(options: {
  name: Exclude<ProviderName, "offline">;
  model: string;
  environment: Record<string, string | undefined>;
}): ModelProvider {
  const env = parseEnv({
    ...(options.environment as NodeJS.ProcessEnv),
    COACH_PROVIDER: options.name,
    COACH_MODEL: options.model,
    // Nothing of the app's own database or secret file is touched: each run opens its own scratch database.
    DATABASE_PATH: ":memory:",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
  });
  return createProvider(env, options.name);
}

/** A fingerprint of the system prompt the runs were sent, so results from different prompts are told apart. */
export function systemPromptFingerprint(today: string): string {
  const hash = crypto.createHash("sha256");
  for (const locale of locales) hash.update(buildSystemPrompt({ today, locale }));
  return hash.digest("hex").slice(0, 16);
}

async function readStoredTurns(options: {
  handle: ReturnType<typeof openDatabase>;
  userId: string;
  conversationId: string | undefined;
}): Promise<StoredTurn[]> {
  const { handle, userId, conversationId } = options;
  if (!conversationId) return [];
  const conversation = await getConversation({ store: createSqliteStore(handle), userId, conversationId });
  if (!conversation) return [];
  const turns: StoredTurn[] = [];
  for (const turn of conversation.turns) {
    const messages = conversation.messages.filter((message) => message.turnId === turn.id);
    const trace = await getTurnTrace({ store: createSqliteStore(handle), userId, turnId: turn.id });
    const requestEnds = (trace?.events ?? []).filter((event) => event.type === "model-request-end").map((event) => event.data);
    // Absent, not 0, when no request reported usage: the built-in coach reads no tokens.
    const reported = requestEnds.flatMap((data) => (data.usage ? [data.usage as Record<string, unknown>] : []));
    const usage = (key: "inputTokens" | "outputTokens") =>
      reported.length === 0 ? null : reported.reduce((total, entry) => total + Number(entry[key] ?? 0), 0);
    turns.push({
      userMessage: messages.find((message) => message.role === "user")?.content ?? "",
      outcome: turn.outcome,
      modelRequests: turn.modelRequests,
      modelTexts: messages.filter((message) => message.author === "model" && message.content !== "").map((message) => message.content),
      harnessTexts: messages.filter((message) => message.author === "harness").map((message) => message.content),
      untraceableNumbers: messages.flatMap((message) => message.untraceableNumbers ?? []),
      toolCalls: messages.flatMap((message) =>
        message.toolCalls.map((call) => ({
          name: call.name,
          argumentsText: call.arguments,
          status: call.status,
          code: call.isError ? call.error : null,
          outcome: call.outcome,
        })),
      ),
      inputTokens: usage("inputTokens"),
      outputTokens: usage("outputTokens"),
      providerFailures: requestEnds.map((data) => String(data.status)).filter((status) => status !== "ok"),
    });
  }
  return turns;
}

/**
 * Runs every turn of the scenario against `provider` on a scratch SQLite file of its own (removed afterwards) and
 * returns what the database holds. Faults are armed through the QA mechanism, after the seeds are stored.
 */
export async function runScenarioTurns(options: {
  scenario: EvalScenario;
  provider: ModelProvider;
  today: string;
  toolTimeoutMs?: number;
}): Promise<StoredRun> {
  const { scenario, provider, today } = options;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-eval-"));
  const handle = openDatabase(path.join(directory, "eval.db"));
  try {
    const userId = await createTestUser(createSqliteStore(handle), { name: "Eval Person" });
    for (const [index, record] of scenario.seed.entries()) {
      const seeded = await saveMeasurement({
        store: createSqliteStore(handle),
        userId,
        idempotencyKey: `seed-${index}`,
        traceId: "eval-seed",
        locale: scenario.locale,
        input: saveMeasurementInputSchema.parse({ date: record.date, values: record.values, note: record.note }),
      });
      if (seeded.outcome.isError) throw new Error(`seeding ${scenario.id} failed: ${seeded.serialized}`);
    }
    for (const input of scenario.faults) await armFault({ store: createSqliteStore(handle), userId, input });

    let conversationId: string | undefined;
    for (const turn of scenario.turns) {
      const result = await runTurn({
        store: createSqliteStore(handle),
        userId,
        conversationId,
        message: turn.message,
        locale: scenario.locale,
        provider,
        today,
        faultsEnabled: true,
        maxRounds: HARNESS_MAX_ROUNDS,
        toolTimeoutMs: options.toolTimeoutMs,
      });
      conversationId = result.conversationId;
      if (abandoningOutcomes.has(result.outcome)) break;
    }
    const records = (await listAllMeasurements({ store: createSqliteStore(handle), userId })).map((record) => ({
      date: record.date,
      values: Object.fromEntries(Object.entries(record.values).filter((entry): entry is [string, number] => typeof entry[1] === "number")),
      note: record.note,
    }));
    return { turns: await readStoredTurns({ handle, userId, conversationId }), records };
  } finally {
    handle.sqlite.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
