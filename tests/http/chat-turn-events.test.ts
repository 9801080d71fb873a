// One chat turn, two encoders: POST /api/v1/chat's SSE and the chat page's server action send the same events (the
// page's as objects), and where the API answers with a problem, the page gets one turn-refused event naming why.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatActionEvent, ChatEvent } from "@/lib/chat/chat-event";
import { resetEnvForTests } from "@/lib/env";
import { chatStreamEventSchema } from "@/lib/http/chat-event-schemas";
import { chatPageRequestSchema, startChatPageTurn } from "@/lib/http/chat-page-turn";
import { openChatEventStream, startChatTurn } from "@/lib/http/chat-turn-events";
import { chatTurnResponse, sseSinkOf } from "@/lib/http/chat-turn-response";
import { createEventStream } from "@/lib/http/event-stream";
import { setStore } from "@/lib/scope/get-store";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

const LIMIT = 3;
const saved = { ...process.env };
let database: TemporaryDatabase;
let userId: string;

beforeEach(async () => {
  database = openTemporaryDatabase("palestra-chat-events-");
  userId = await createTestUser(database.store);
  setStore(database.store);
  Object.assign(process.env, { PALESTRA_CHAT_TURNS_PER_MINUTE: String(LIMIT), COACH_PROVIDER: "offline" });
  resetEnvForTests();
});

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  setStore(undefined);
  database.remove();
});

const turn = { locale: "en", units: "metric", providerName: "offline" } as const;
const saveMessage = "Save weight 77.9 kg for 2026-01-05";

async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const events: T[] = [];
  const reader = stream.getReader();
  for (let step = await reader.read(); !step.done; step = await reader.read()) events.push(step.value);
  return events;
}

/** The SSE body read back as its events: `event:` names one, its `data:` line is its JSON. */
function parseEventStream(text: string): { event: string; data: unknown }[] {
  return text
    .split("\n\n")
    .filter((block) => block !== "")
    .map((block) => {
      const [eventLine = "", dataLine = "", ...rest] = block.split("\n");
      expect(rest).toEqual([]);
      return { event: eventLine.replace(/^event: /, ""), data: JSON.parse(dataLine.replace(/^data: /, "")) as unknown };
    });
}

const pageTurn = (request: { conversationId?: string; message: string; locale: string; timeZone?: unknown }) =>
  startChatPageTurn({ request: request as { message: string; locale: string }, userId, units: "metric", providerName: "offline" });

/** Avoids a window boundary between the turns of one case (the quota's window is the calendar minute). */
async function earlyInWindow(): Promise<void> {
  const into = Date.now() % 60_000;
  if (into > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 50));
}

describe("a chat turn's events", () => {
  it("are the same objects as SSE and to the page: turn-start first, turn-end with the stored turn last", async () => {
    const sseBody = createEventStream();
    const toApi = sseSinkOf(sseBody);
    const toPage = openChatEventStream();
    const both = { send: (event: ChatEvent) => (toApi.send(event), toPage.send(event)), close: () => (toApi.close(), toPage.close()) };
    const started = await startChatTurn({ ...turn, userId, message: saveMessage }, both);
    if (!started.ok) throw new Error("the turn did not start");
    const [sse, objects] = await Promise.all([new Response(sseBody.body).text(), readAll(toPage.events)]);

    expect(parseEventStream(sse)).toEqual(objects);
    const names = objects.map((event) => event.event);
    expect(names[0]).toBe("turn-start");
    expect(names.at(-1)).toBe("turn-end");
    expect(names).toEqual(expect.arrayContaining(["model-request-start", "tool-call-start", "tool-call-end", "model-request-end"]));
    for (const event of objects) expect(chatStreamEventSchema.safeParse(event).success, event.event).toBe(true);
    const [first, last] = [objects[0], objects.at(-1)];
    if (first?.event !== "turn-start" || last?.event !== "turn-end") throw new Error("unexpected ends");
    expect(last.data).toMatchObject({ conversationId: first.data.conversationId, turnId: first.data.turnId, outcome: "answered" });
    expect(last.data.toolCalls.map((call) => [call.name, call.status])).toEqual([["save_measurement", "ok"]]);
  });

  it("reach the page as the API streams them, the same names and the same stored turn", async () => {
    const api = await chatTurnResponse({ ...turn, userId, message: saveMessage, stream: true });
    expect(api.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const fromApi = parseEventStream(await api.text());
    const fromPage = await readAll(await pageTurn({ message: saveMessage.replace("77.9", "78.1").replace("01-05", "01-06"), locale: "en" }));
    // The replies name different values, so their text comes in a different number of pieces.
    const names = (events: readonly { event: string }[]) =>
      events.map((event) => event.event).filter((name, index, all) => name !== "text-delta" || all[index - 1] !== name);
    expect(names(fromPage)).toEqual(names(fromApi));
    const ending = (events: readonly { event: string; data: unknown }[]) => (events.at(-1) as Extract<ChatEvent, { event: "turn-end" }>).data;
    const withoutIds = ({ conversationId: _c, turnId: _t, reply: _r, toolCalls, ...rest }: ReturnType<typeof ending>) => ({
      ...rest,
      toolCalls: toolCalls.map(({ id: _id, arguments: _a, idempotencyKey: _k, ...call }) => call),
    });
    expect(withoutIds(ending(fromPage))).toEqual(withoutIds(ending(fromApi)));
    const pageText = fromPage.flatMap((event) => (event.event === "text-delta" ? [event.data.delta] : [])).join("");
    expect(ending(fromPage).reply).toBe(pageText);
    expect(ending(fromPage).reply).toContain("78.1");
  });
});

describe("a turn that cannot run", () => {
  it("is a 404 problem for the API and conversation_not_found for the page", async () => {
    const api = await chatTurnResponse({ ...turn, userId, conversationId: "no-such-conversation", message: "hello", stream: true });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ type: "https://palestra.dev/problems/not_found" });
    const page = await readAll(await pageTurn({ conversationId: "no-such-conversation", message: "hello", locale: "en" }));
    expect(page).toEqual([{ event: "turn-refused", data: { reason: "conversation_not_found" } }]);
    const seen: string[] = [];
    const started = await startChatTurn(
      { ...turn, userId, conversationId: "no-such-conversation", message: "hello" },
      { send: (event) => seen.push(event.event), close: () => seen.push("closed") },
    );
    expect(started).toMatchObject({ ok: false, problem: { slug: "not_found" } });
    expect(seen).toEqual([]);
  });

  it("past the quota is a 429 with Retry-After for the API and rate_limited with the same wait for the page", async () => {
    await earlyInWindow();
    for (let index = 0; index < LIMIT; index++) expect((await chatTurnResponse({ ...turn, userId, message: "hello", stream: false })).status).toBe(200);
    const api = await chatTurnResponse({ ...turn, userId, message: "hello", stream: true });
    expect(api.status).toBe(429);
    const retryAfterSeconds = Number(api.headers.get("retry-after"));
    expect(await api.json()).toMatchObject({ type: "https://palestra.dev/problems/rate_limited", retryAfterSeconds });
    const page = (await readAll(await pageTurn({ message: "hello", locale: "en" }))) as ChatActionEvent[];
    expect(page).toEqual([{ event: "turn-refused", data: { reason: "rate_limited", retryAfterSeconds: expect.any(Number) } }]);
    const [refused] = page;
    if (refused?.event !== "turn-refused") throw new Error("not refused");
    expect(refused.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.data.retryAfterSeconds).toBeLessThanOrEqual(retryAfterSeconds);
  });

  it("is message_too_long for a message over 4,000 characters, and unexpected for one the schema refuses otherwise", async () => {
    expect(await readAll(await pageTurn({ message: "a".repeat(4_001), locale: "en" }))).toEqual([
      { event: "turn-refused", data: { reason: "message_too_long" } },
    ]);
    expect(await readAll(await pageTurn({ message: "   ", locale: "en" }))).toEqual([{ event: "turn-refused", data: { reason: "unexpected" } }]);
    expect(await readAll(await pageTurn({ message: "hello", locale: "xx" }))).toEqual([{ event: "turn-refused", data: { reason: "unexpected" } }]);
  });
});

describe("the page's request", () => {
  const base = { message: "Save weight 77.9 kg for today", locale: "en" };

  it("keeps the browser's time zone for runChatTurn", () => {
    expect(chatPageRequestSchema.parse({ ...base, timeZone: "Pacific/Auckland" })).toEqual({ ...base, timeZone: "Pacific/Auckland" });
  });

  it("passes an unknown zone name on (runChatTurn falls back to the server's date) and drops one that is not a string", () => {
    expect(chatPageRequestSchema.parse({ ...base, timeZone: "Mars/Olympus_Mons" })).toEqual({ ...base, timeZone: "Mars/Olympus_Mons" });
    expect(chatPageRequestSchema.parse({ ...base, timeZone: 13 })).toEqual(base);
    expect(chatPageRequestSchema.parse({ ...base, timeZone: null })).toEqual(base);
    expect(chatPageRequestSchema.parse(base)).toEqual(base);
  });

  it("runs a turn whatever zone the browser reports", async () => {
    const events = await readAll(await pageTurn({ message: "hello", locale: "en", timeZone: "Mars/Olympus_Mons" }));
    expect([events[0]?.event, events.at(-1)?.event]).toEqual(["turn-start", "turn-end"]);
  });
});
