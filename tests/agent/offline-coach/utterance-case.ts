// Test fixture: one row of the offline coach's utterance tables, and how it runs as real turns on a real database.
import type { HistoryItem } from "@/lib/agent/history";
import { createOfflineProvider } from "@/lib/agent/providers/offline/create-offline-provider";
import type { ModelProvider } from "@/lib/agent/providers/types";
import { runTurn, type TurnResult } from "@/lib/agent/run-turn";
import type { Locale } from "@/lib/i18n/locale";
import type { MeasurementValues } from "@/lib/measurements/fields";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { type TestDatabase } from "../../support/agent-fixtures";
import { createTestUser } from "../../support/create-test-user";

/** The clock of every row: a Tuesday, so "on Monday" is yesterday and "last Tuesday" a week ago. */
export const TODAY = "2026-12-01";

/** Records by date. */
export type Stored = Record<string, MeasurementValues>;

/** A tool call of the row's last turn: its name, its exact arguments (when given) and "ok" or its error code. */
export type ExpectedCall = [name: string, args: Record<string, unknown> | undefined, code: string];

export type UtteranceCase = {
  say: string;
  /** Earlier messages of the same conversation, sent first. */
  after?: string[];
  seed?: Stored;
  units?: UnitSystem;
  calls: ExpectedCall[];
  /** The records afterwards; the seed unchanged when omitted. */
  stored?: Stored;
  /** Facts the reply states. */
  reply: Array<string | RegExp>;
  notInReply?: string[];
};

export type UtteranceRun = { result: TurnResult; stored: Stored; toolResults: string[]; messages: string[] };

/** The offline provider, keeping every tool result it was shown (the numbers a reply may repeat). */
function recordingProvider(): ModelProvider & { toolResults: Set<string> } {
  const inner = createOfflineProvider();
  const toolResults = new Set<string>();
  const record = (history: HistoryItem[]) => history.forEach((item) => item.type === "tool-result" && toolResults.add(item.content));
  return { name: inner.name, model: inner.model, toolResults, generate: (request, options) => (record(request.history), inner.generate(request, options)) };
}

/** Runs the row as a new person (own user, own conversation) on a shared database: seed, earlier messages, the message. */
export async function runUtterance({ database, row, locale }: { database: TestDatabase; row: UtteranceCase; locale: Locale }): Promise<UtteranceRun> {
  const userId = await createTestUser(database.store);
  for (const [date, values] of Object.entries(row.seed ?? {})) {
    await saveMeasurement({ store: database.store, userId, idempotencyKey: `seed-${date}`, input: { date, values }, traceId: "trc_seed", locale });
  }
  let conversationId: string | undefined;
  const messages = [...(row.after ?? []), row.say];
  let result: TurnResult | undefined;
  const provider = recordingProvider();
  for (const message of messages) {
    result = await runTurn({ store: database.store, userId, conversationId, message, locale, provider, today: TODAY, unitSystem: row.units ?? "metric" });
    conversationId = result.conversationId;
  }
  const stored = Object.fromEntries((await listAllMeasurements({ store: database.store, userId })).map((record) => [record.date, record.values]));
  return { result: result as TurnResult, stored, toolResults: [...provider.toolResults], messages };
}
