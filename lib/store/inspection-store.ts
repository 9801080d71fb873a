// What tests and drills read to check the rows a write left: whole rows by id, every row of a turn, row counts. The app
// never calls it (ESLint refuses `.inspection` in app/ and lib/): its reads are the other stores' read models.
import type { IdempotencyRecord, MeasurementRow, MessageRow, ToolCallRow, TraceEventRow, TurnRow } from "./records";

/** An account as stored, with the admin plugin's flags (better-auth writes these rows; the port only reads them). */
export type InspectedUser = {
  id: string;
  name: string;
  email: string;
  units: string;
  role: string | null;
  banned: boolean | null;
  passwordChangeRequired: boolean;
};

/** The tables whose rows tests count, by the name the schema gives them. */
export const inspectedTables = [
  "user",
  "session",
  "apikey",
  "verification",
  "measurement",
  "idempotency_record",
  "goal",
  "conversation",
  "turn",
  "message",
  "tool_call",
  "trace_event",
  "fault",
  "usage_window",
] as const;
export type InspectedTable = (typeof inspectedTables)[number];

export interface InspectionStore {
  toolCall(options: { id: string }): Promise<ToolCallRow | undefined>;
  /** In the order the model asked for them: by message, then position. */
  toolCallsOfTurn(options: { turnId: string }): Promise<ToolCallRow[]>;
  /** By seq. */
  traceEventsOfTurn(options: { turnId: string }): Promise<TraceEventRow[]>;
  turn(options: { id: string }): Promise<TurnRow | undefined>;
  /** By seq. */
  messagesOfConversation(options: { conversationId: string }): Promise<MessageRow[]>;
  user(options: { id: string }): Promise<InspectedUser | undefined>;
  /** Every user's measurement rows, in the order they were first written (by id). */
  measurements(): Promise<MeasurementRow[]>;
  /** Every user's completed idempotency records, in the order they were written (by id); a claim still in flight is not one. */
  idempotencyRecords(): Promise<IdempotencyRecord[]>;
  /** How many rows a table holds: all of them, or one user's (tables without a user column count by the row's own id for "user"). */
  countRows(options: { table: InspectedTable; userId?: string }): Promise<number>;
}
