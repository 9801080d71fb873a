"use client";
// The chat: conversation list, the turns of the open conversation, and the composer. Sending runs a turn through the
// streaming server action and folds its events into the turn as they arrive.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ConversationSummary } from "@/lib/conversations/read-conversations";
import { readTurnStream } from "@/lib/chat/read-turn-stream";
import { applyChatStreamEvent, failRunningTurn, startTurnView, type TurnView } from "@/lib/chat/turn-view";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import type { Locale } from "@/lib/i18n/locale";
import { sendChatMessageAction } from "./actions";
import { ChatComposer } from "./chat-composer";
import { TurnCard } from "./turn-card";

type ChatScreenProps = {
  locale: Locale;
  text: Dictionary["chat"];
  outcomes: Dictionary["traces"]["outcomes"];
  initialConversations: ConversationSummary[];
  initialConversationId?: string;
  initialTurns: TurnView[];
};

/** How close to the bottom (px) still counts as "following" the conversation while it grows. */
const FOLLOW_THRESHOLD_PX = 80;

export function ChatScreen({ locale, text, outcomes, initialConversations, initialConversationId, initialTurns }: ChatScreenProps) {
  const router = useRouter();
  const [conversations, setConversations] = useState(initialConversations);
  const [conversationId, setConversationId] = useState(initialConversationId);
  const [turns, setTurns] = useState(initialTurns);
  const [shown, setShown] = useState({ conversations: initialConversations, conversationId: initialConversationId });
  const [draft, setDraft] = useState("");
  const [running, setRunning] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);
  const stopRef = useRef<(() => void) | null>(null);
  const activeTurnRef = useRef<{ conversationId?: string } | null>(null);
  const conversationIdRef = useRef(conversationId);

  // New server props: after navigating to another conversation, show it; after a refresh of the open one, keep the
  // live turns (they hold what was streamed) and take only the fresher conversation list.
  if (shown.conversations !== initialConversations || shown.conversationId !== initialConversationId) {
    const navigated = shown.conversationId !== initialConversationId;
    setShown({ conversations: initialConversations, conversationId: initialConversationId });
    setConversations(initialConversations);
    if (navigated && initialConversationId !== conversationId) {
      setConversationId(initialConversationId);
      setTurns(initialTurns);
    }
  }

  // Leaving the conversation of a running turn stops waiting for it (it still finishes on the server).
  useEffect(() => {
    conversationIdRef.current = conversationId;
    const active = activeTurnRef.current;
    if (active && active.conversationId !== conversationId) stopRef.current?.();
  }, [conversationId]);

  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const track = () => {
      followRef.current = log.scrollHeight - log.scrollTop - log.clientHeight < FOLLOW_THRESHOLD_PX;
    };
    log.addEventListener("scroll", track, { passive: true });
    return () => log.removeEventListener("scroll", track);
  }, []);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && followRef.current) log.scrollTop = log.scrollHeight;
  }, [turns]);

  const adoptConversation = (id: string) => {
    if (activeTurnRef.current) activeTurnRef.current.conversationId = id;
    // Set now, not after the next render: a fast turn can end before React renders its first event.
    conversationIdRef.current = id;
    setConversationId(id);
  };

  /** Puts the conversation of a stored turn at the top of the list (the refresh that follows confirms it). */
  const listConversation = (id: string, title: string) => {
    setConversations((previous) => {
      const now = new Date().toISOString();
      const existing = previous.find((entry) => entry.id === id);
      const moved = existing ? { ...existing, updatedAt: now } : { id, title: title.slice(0, 80), createdAt: now, updatedAt: now };
      return [moved, ...previous.filter((entry) => entry.id !== id)];
    });
  };

  const send = async () => {
    const message = draft.trim();
    if (!message || running) return;
    const key = `pending-${crypto.randomUUID()}`;
    const startedIn = conversationId;
    setDraft("");
    setRunning(true);
    activeTurnRef.current = { conversationId: startedIn };
    followRef.current = true;
    setTurns((previous) => [...previous, startTurnView({ key, userText: message, conversationId: startedIn })]);
    inputRef.current?.focus();
    const update = (change: (turn: TurnView) => TurnView) => setTurns((previous) => previous.map((turn) => (turn.key === key ? change(turn) : turn)));
    const stop = new Promise<void>((resolve) => {
      stopRef.current = resolve;
    });
    const ending = await readTurnStream({
      // The browser's zone, read per message (a laptop may travel): the Coach's "today" is the person's, not the server's.
      open: () => sendChatMessageAction({ conversationId: startedIn, message, locale, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
      stop,
      onEvent: (event) => {
        if (event.type === "turn-start" && activeTurnRef.current?.conversationId === startedIn) adoptConversation(event.conversationId);
        update((turn) => applyChatStreamEvent(turn, event));
      },
    });
    const adopted = activeTurnRef.current?.conversationId;
    stopRef.current = null;
    activeTurnRef.current = null;
    setRunning(false);
    inputRef.current?.focus();
    if (ending !== "finished") {
      // The server may still be running (and not yet have stored) this turn: neither the address nor a refresh may
      // point at a conversation that does not exist yet.
      update((turn) => failRunningTurn(turn, ending));
      return;
    }
    if (adopted && adopted === conversationIdRef.current) {
      listConversation(adopted, message);
      // Once the turn is stored, the address names its conversation, so a reload replays it. Through the router, so
      // its own idea of the address (used by later refreshes and actions) agrees.
      if (new URLSearchParams(window.location.search).get("c") !== adopted) router.replace(`/?c=${encodeURIComponent(adopted)}`, { scroll: false });
    }
    // Re-reads the server parts (conversation list, the QA banner: a counted fault may be used up now).
    router.refresh();
  };

  const startNewConversation = () => {
    conversationIdRef.current = undefined;
    // As if the server had already shown "/": a conversation link clicked before that render lands still opens.
    setShown((previous) => ({ ...previous, conversationId: undefined }));
    setConversationId(undefined);
    setTurns([]);
    router.push("/");
    inputRef.current?.focus();
  };

  return (
    <div className="chat-layout">
      <nav className="conversation-list" aria-labelledby="conversations-title" data-testid="conversation-list">
        <div className="conversation-list-header">
          <h2 id="conversations-title">{text.conversationsTitle}</h2>
          <button type="button" className="button button-quiet button-small" onClick={startNewConversation} data-testid="new-conversation">
            {text.newConversation}
          </button>
        </div>
        {conversations.length === 0 ? (
          <p className="field-hint">{text.noConversations}</p>
        ) : (
          <ul>
            {conversations.map((entry) => (
              <li key={entry.id}>
                <Link
                  href={`/?c=${encodeURIComponent(entry.id)}`}
                  aria-current={entry.id === conversationId ? "page" : undefined}
                  data-testid="conversation-link"
                  data-conversation-id={entry.id}
                >
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>

      <section className="chat-panel" aria-label={text.conversationLabel}>
        <div className="chat-log" ref={logRef} aria-busy={running} data-testid="chat-log" data-conversation-id={conversationId ?? ""}>
          {turns.length === 0 ? (
            <div className="chat-empty" data-testid="chat-empty">
              <p>{text.emptyConversation}</p>
              <ul>
                {text.examples.map((example) => (
                  <li key={example}>
                    <button type="button" className="example-button" onClick={() => { setDraft(example); inputRef.current?.focus(); }}>
                      {example}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            turns.map((turn) => <TurnCard key={turn.key} turn={turn} text={text} outcomes={outcomes} />)
          )}
        </div>
        <ChatComposer
          draft={draft}
          running={running}
          text={text}
          inputRef={inputRef}
          onDraftChange={setDraft}
          onSend={() => void send()}
          onStopWaiting={() => stopRef.current?.()}
        />
      </section>
    </div>
  );
}
