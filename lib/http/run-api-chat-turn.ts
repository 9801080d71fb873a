// One chat turn for the API: runChatTurn, with the requests that could not run a turn at all mapped to problems.
import "server-only";
import { runChatTurn } from "@/lib/agent/run-chat-turn";
import { ConversationNotFoundError } from "@/lib/agent/run-turn";
import type { TurnEvent } from "@/lib/agent/turn-events";
import type { ProviderName } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locale";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { toChatResponse } from "./chat-response";
import { problemResponse } from "./problem";
import type { ChatResponse } from "./response-schemas";

export type ApiChatTurnOptions = {
  userId: string;
  conversationId?: string;
  message: string;
  locale: Locale;
  providerName: ProviderName;
  /** A known IANA zone (the request schema refuses others); the server's date when absent. */
  timeZone?: string;
  /** The signed-in person's unit preference. */
  units?: UnitSystem;
  onEvent?: (event: TurnEvent) => void;
};

export type ApiChatTurn = { ok: true; body: ChatResponse } | { ok: false; response: Response };

/**
 * Deliberately given no AbortSignal: a client that goes away mid-turn must not stop it half-way. The turn finishes
 * and is stored, and the client reads it later from GET /api/v1/conversations/:id.
 */
export async function runApiChatTurn(options: ApiChatTurnOptions): Promise<ApiChatTurn> {
  try {
    const turn = await runChatTurn(options);
    if (turn.ok) return { ok: true, body: toChatResponse(turn.result) };
    return {
      ok: false,
      response: problemResponse({
        slug: "rate_limited",
        detail: `Too many chat turns; try again in ${turn.retryAfterSeconds} s.`,
        extensions: { retryAfterSeconds: turn.retryAfterSeconds },
        headers: { "retry-after": String(turn.retryAfterSeconds) },
      }),
    };
  } catch (error) {
    if (!(error instanceof ConversationNotFoundError)) throw error;
    return { ok: false, response: problemResponse({ slug: "not_found", detail: "There is no conversation with this id." }) };
  }
}
