// The provider seam: the one interface the turn loop calls, whatever API answers.
import type { ProviderName } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locale";
import type { HistoryItem, ToolCallRequest } from "../history";

export type ToolDeclaration = {
  name: string;
  description: string;
  /** JSON Schema from z.toJSONSchema of the tool's input schema. */
  parameters: Record<string, unknown>;
};

export type ModelRequest = {
  system: string;
  history: HistoryItem[];
  tools: ToolDeclaration[];
  locale: Locale;
};

export type ModelUsage = { inputTokens: number; outputTokens: number };

export type ModelResponse = {
  text: string;
  toolCalls: ToolCallRequest[];
  usage?: ModelUsage;
  /**
   * Answers a final text offers as buttons ("Yes, 3 December 2026", "Keep 80.2 kg"): each is a message the person
   * could type, so a button and typing behave alike. Only the built-in coach offers them.
   */
  quickReplies?: string[];
};

export type GenerateOptions = {
  signal?: AbortSignal;
  /** Called with each piece of answer text as it streams in. */
  onTextDelta?: (delta: string) => void;
};

export interface ModelProvider {
  readonly name: ProviderName;
  readonly model: string;
  generate(request: ModelRequest, options?: GenerateOptions): Promise<ModelResponse>;
}

export const providerFailureKinds = ["auth", "rate_limited", "overloaded", "unavailable", "timeout", "bad_request", "stream"] as const;
export type ProviderFailureKind = (typeof providerFailureKinds)[number];

/** A failure of the model API itself (never of a tool): the turn ends as provider_error. */
export class ProviderError extends Error {
  readonly kind: ProviderFailureKind;
  readonly status: number | undefined;
  constructor(options: { kind: ProviderFailureKind; status?: number; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = "ProviderError";
    this.kind = options.kind;
    this.status = options.status;
  }
}

/** Upper bound on SDK retries of a model request, set here once for every adapter; no retry layer sits on top. */
export const PROVIDER_MAX_RETRIES = 2;
/** Per model request timeout for SDK calls. */
export const PROVIDER_TIMEOUT_MS = 60_000;
