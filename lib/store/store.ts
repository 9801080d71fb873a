// The persistence port: everything the app stores, behind promise-returning interfaces, so SQLite (db/sqlite/) and a
// network database implement the same contract (tests/store/ runs one suite against each). No query is built above it.
import type { BetterAuthOptions } from "better-auth";
import type { AccountStore, FaultStore, QuotaStore } from "./account-store";
import type { GoalStore } from "./goal-store";
import type { InspectionStore } from "./inspection-store";
import type { McpToolCallStore } from "./mcp-tool-call-store";
import type { IdempotencyStore, MeasurementStore } from "./measurement-store";
import type { ConversationStore, ToolCallStore, TurnStore } from "./turn-store";

export interface Store {
  /** Which adapter this is ("sqlite", "postgres"): for logs and metrics, never for behaviour. */
  readonly dialect: string;
  readonly measurements: MeasurementStore;
  readonly idempotency: IdempotencyStore;
  readonly goals: GoalStore;
  readonly conversations: ConversationStore;
  readonly turns: TurnStore;
  readonly toolCalls: ToolCallStore;
  readonly mcpToolCalls: McpToolCallStore;
  readonly accounts: AccountStore;
  readonly quotas: QuotaStore;
  readonly faults: FaultStore;
  /** For tests and drills only: whole rows and counts, to check what a write left (the app reads the stores above). */
  readonly inspection: InspectionStore;
  /**
   * Readiness (GET /api/ready): the database answers a query; `pending` names this build's migrations it lacks, and
   * `newerThanBuild` says a newer build migrated it. Throws when the database does not answer.
   */
  migrationStatus(): Promise<{ pending: string[]; newerThanBuild: boolean }>;
  /** better-auth's database option for this store (its adapter over the same database). */
  readonly authDatabase: BetterAuthOptions["database"];
  close(): Promise<void>;
}
