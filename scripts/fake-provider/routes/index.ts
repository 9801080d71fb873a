// The wire APIs the fake provider serves, by path. Each route module translates its API to and from the neutral history.
import type { FakeRouteHandler } from "../types";
import { anthropicMessagesRoute } from "./anthropic-messages";

export const fakeRoutes: Record<string, FakeRouteHandler> = {
  "/v1/messages": anthropicMessagesRoute,
};
