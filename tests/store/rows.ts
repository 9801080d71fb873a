// Row builders for the store contract suite: one turn's rows as the loop writes them. Not a test file itself.
import type { MeasurementColumnValues } from "@/lib/store/records";
import type { ToolCallWrite, TurnRows } from "@/lib/store/turn-store";

export const at = (ms: number) => new Date(1_800_000_000_000 + ms);

export function turnRows(options: {
  userId: string;
  conversationId: string;
  turnId: string;
  startedAt?: Date;
  updatedAt?: Date;
  toolCalls?: ToolCallWrite[];
}): TurnRows {
  const { userId, conversationId, turnId } = options;
  const startedAt = options.startedAt ?? at(0);
  return {
    conversation: { id: conversationId, userId, title: `Title ${conversationId}`, createdAt: startedAt, updatedAt: options.updatedAt ?? startedAt },
    turn: {
      id: turnId,
      conversationId,
      userId,
      traceId: `trc_${turnId}`,
      locale: "en",
      provider: "offline",
      model: "m",
      outcome: null,
      modelRequests: 1,
      startedAt,
      endedAt: null,
    },
    messages: [
      { id: `${turnId}-m0`, conversationId, turnId, seq: 0, role: "user", content: "hello", author: "user", createdAt: startedAt },
      { id: `${turnId}-m1`, conversationId, turnId, seq: 1, role: "assistant", content: "", author: "model", createdAt: startedAt },
    ],
    toolCalls: options.toolCalls ?? [],
    traceEvents: [{ turnId, seq: 0, type: "turn-start", at: startedAt, data: JSON.stringify({ type: "turn-start" }) }],
  };
}

export function writeCall(options: { userId: string; turnId: string; id: string; key?: string; position?: number }): ToolCallWrite {
  return {
    id: options.id,
    messageId: `${options.turnId}-m1`,
    turnId: options.turnId,
    userId: options.userId,
    position: options.position ?? 0,
    callId: `call_${options.id}`,
    name: "save_measurement",
    arguments: JSON.stringify({ date: "2026-03-04", values: { weight_kg: 77.4 } }),
    providerMetadata: null,
    idempotencyKey: options.key ?? null,
    status: "running",
    createdAt: at(1),
  };
}

export const weight = (kg: number): MeasurementColumnValues => ({ weightKg: kg });
