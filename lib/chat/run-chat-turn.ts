// The application entry for a chat turn, shared by the browser's server action and POST /api/v1/chat: the request
// scope, the per-user rate limit and the configured provider, then runTurn.
import "server-only";
import { availableProviders, getProvider } from "@/lib/agent/providers/create-provider";
import { runTurn, type TurnResult } from "@/lib/agent/run-turn";
import type { TurnEvent } from "@/lib/agent/turn-events";
import { getEnv, providerNames, type ProviderName } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locale";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { admitQuota, CHAT_QUOTA_KEY_PREFIX } from "@/lib/rate-limit/consume-quota";
import { createRequestScope } from "@/lib/scope/request-scope";

export const CHAT_RATE_WINDOW_MS = 60_000;

export type ChatTurnResult = { ok: true; result: TurnResult } | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * With QA enabled, a request may name another configured provider (header `x-palestra-provider`), so testers and the
 * E2E suite can run one server against every adapter and switch provider inside a conversation.
 */
export function chooseProvider(requested: string | null | undefined): ProviderName {
  const env = getEnv();
  if (!env.qaEnabled || !requested) return env.COACH_PROVIDER;
  const name = providerNames.find((candidate) => candidate === requested);
  return name && availableProviders(env).includes(name) ? name : env.COACH_PROVIDER;
}

export async function runChatTurn(options: {
  userId: string;
  conversationId?: string;
  message: string;
  locale: Locale;
  providerName?: ProviderName;
  /**
   * The person's IANA time zone (the browser's, or the API client's): "today" for the Coach's prompt and for refusing
   * future dates. Missing or unknown, the server's date is used.
   */
  timeZone?: string;
  /** The person's unit preference (SessionUser.units): numbers without a unit, and how reads are shown. */
  units?: UnitSystem;
  onEvent?: (event: TurnEvent) => void;
}): Promise<ChatTurnResult> {
  const env = getEnv();
  const scope = createRequestScope({ user: { id: options.userId, units: options.units ?? "metric" }, locale: options.locale, timeZone: options.timeZone });
  const quota = await admitQuota({
    store: scope.store,
    key: `${CHAT_QUOTA_KEY_PREFIX}${scope.userId}`,
    limit: env.PALESTRA_CHAT_TURNS_PER_MINUTE,
    windowMs: CHAT_RATE_WINDOW_MS,
  });
  if (!quota.allowed) return { ok: false, reason: "rate_limited", retryAfterSeconds: quota.retryAfterSeconds };
  try {
    const result = await runTurn({
      ...scope,
      conversationId: options.conversationId,
      message: options.message,
      provider: getProvider(env, options.providerName ?? env.COACH_PROVIDER),
      onEvent: options.onEvent,
      // Counted by the turn's first commit (the save's, or the end's), not by a commit of its own.
      quotaUse: quota.use,
    });
    return { ok: true, result };
  } finally {
    // A turn that stopped before any commit (an unknown conversation) is not counted.
    await scope.store.quotas.release(quota.use);
  }
}
