// Builds the model provider a name refers to, from the validated environment.
import "server-only";
import type { Env, ProviderName } from "@/lib/env";
import { defaultModels } from "@/lib/env";
import { createAnthropicMessagesProvider } from "./anthropic-messages/create-anthropic-messages-provider";
import { createGoogleInteractionsProvider } from "./google-interactions/create-google-interactions-provider";
import { createOfflineProvider } from "./offline/create-offline-provider";
import { createOpenAIChatProvider } from "./openai-chat/create-openai-chat-provider";
import { createOpenAIResponsesProvider } from "./openai-responses/create-openai-responses-provider";
import type { ModelProvider } from "./types";

/** The providers this environment has credentials (or, for openai-chat, a server URL) for. */
export function availableProviders(env: Env): ProviderName[] {
  const names: ProviderName[] = ["offline"];
  if (env.OPENAI_API_KEY) names.push("openai");
  if (env.ANTHROPIC_API_KEY) names.push("anthropic");
  if (env.GEMINI_API_KEY) names.push("google");
  if (env.OPENAI_BASE_URL) names.push("openai-chat");
  return names;
}

function modelFor(env: Env, name: ProviderName): string {
  return name === env.COACH_PROVIDER ? env.coachModel : defaultModels[name];
}

export function createProvider(env: Env, name: ProviderName = env.COACH_PROVIDER): ModelProvider {
  const model = modelFor(env, name);
  switch (name) {
    case "offline":
      return createOfflineProvider({ model });
    case "openai":
      return createOpenAIResponsesProvider({ apiKey: env.OPENAI_API_KEY ?? "", baseURL: env.OPENAI_BASE_URL, model });
    case "openai-chat":
      return createOpenAIChatProvider({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL ?? "", model });
    case "anthropic":
      return createAnthropicMessagesProvider({ apiKey: env.ANTHROPIC_API_KEY ?? "", baseURL: env.ANTHROPIC_BASE_URL, model });
    case "google":
      return createGoogleInteractionsProvider({ apiKey: env.GEMINI_API_KEY ?? "", baseUrl: env.GOOGLE_GEMINI_BASE_URL, model });
  }
}

const globalForProviders = globalThis as unknown as { palestraProviders?: Map<ProviderName, ModelProvider> };

/** One provider instance (and SDK client) per name per process. */
export function getProvider(env: Env, name: ProviderName = env.COACH_PROVIDER): ModelProvider {
  globalForProviders.palestraProviders ??= new Map();
  let provider = globalForProviders.palestraProviders.get(name);
  if (!provider) {
    provider = createProvider(env, name);
    globalForProviders.palestraProviders.set(name, provider);
  }
  return provider;
}
