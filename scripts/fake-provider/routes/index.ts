// The wire APIs the fake provider serves, by path. Each route module translates its API to and from the neutral history.
import type { FakeRouteHandler } from "../types";
import { anthropicMessagesRoute } from "./anthropic-messages";
import { googleInteractionsRoute } from "./google-interactions";
import { openAIChatRoute } from "./openai-chat";
import { openAIResponsesRoute } from "./openai-responses";

export const fakeRoutes: Record<string, FakeRouteHandler> = {
  "/v1/responses": openAIResponsesRoute,
  "/v1/chat/completions": openAIChatRoute,
  "/v1/messages": anthropicMessagesRoute,
  // @google/genai 2.x posts to {baseUrl}/{apiVersion}/interactions with apiVersion "v1beta".
  "/v1beta/interactions": googleInteractionsRoute,
};
