"use client";
// The chat: conversation list, the turns of the open conversation, and the composer, on one screen whose only
// scrolling part is the conversation. Sending runs a turn through the streaming server action and folds its events
// into the turn as they arrive; a live region reads each finished reply to screen-reader users.
import { useRouter } from "next/navigation";
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { ConversationSummary } from "@/lib/conversations/read-conversations";
import { readTurnStream } from "@/lib/chat/read-turn-stream";
import type { WriteResolution } from "@/lib/outcome/write-resolutions";
import { MAX_CHAT_MESSAGE_LENGTH } from "@/lib/chat/chat-event";
import { applyChatStreamEvent, failRunningTurn, startTurnView, withResolution, type TurnView } from "@/lib/chat/turn-view";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import type { Locale } from "@/lib/i18n/locale";
import { sendChatMessageAction } from "./actions";
import { ChatComposer, messageLength } from "./chat-composer";
import { ConversationList } from "./conversation-list";
import { preloadReplyMarkdown } from "./lazy-reply-markdown";
import { TurnCard } from "./turn-card";

type ChatScreenProps = {
  locale: Locale;
  text: Dictionary["chat"];
  /** Shown instead of sending while the browser is offline: the Coach needs the network. */
  offlineNote: string;
  outcomes: Dictionary["traces"]["outcomes"];
  resolutions: Dictionary["traces"]["resolutions"];
  initialConversations: ConversationSummary[];
  initialConversationId?: string;
  initialTurns: TurnView[];
  /** What the Coach is (shown at the top of the conversation, so it never pushes the composer out of view). */
  trustStatement: ReactNode;
};

/** How close to the bottom (px) still counts as "following" the conversation while it grows. */
const FOLLOW_THRESHOLD_PX = 80;

/** What the live region says when a turn ends: the reply, or why there is none. */
function announcementOf(turn: TurnView, text: Dictionary["chat"]): string {
  if (turn.state === "ended" && turn.reply) return formatMessage(text.announceReply, { reply: turn.reply });
  return "";
}

export function ChatScreen({
  locale,
  text,
  offlineNote,
  outcomes,
  resolutions,
  initialConversations,
  initialConversationId,
  initialTurns,
  trustStatement,
}: ChatScreenProps) {
  const router = useRouter();
  const [conversations, setConversations] = useState(initialConversations);
  const [conversationId, setConversationId] = useState(initialConversationId);
  const [turns, setTurns] = useState(initialTurns);
  const [shown, setShown] = useState({ conversations: initialConversations, conversationId: initialConversationId });
  const [draft, setDraft] = useState("");
  const [running, setRunning] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
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
      // Cut by code points, as the server titles it, so an emoji at the cut is not split into a broken half.
      const moved = existing ? { ...existing, updatedAt: now } : { id, title: Array.from(title).slice(0, 80).join(""), createdAt: now, updatedAt: now };
      return [moved, ...previous.filter((entry) => entry.id !== id)];
    });
  };

  /** Sends the draft, or a quick reply's words as they are (the draft is then kept). */
  const send = async (quickReply?: string) => {
    const written = quickReply ?? draft;
    const message = written.trim();
    // Too long: the box keeps it and says so (the composer shows why); nothing is sent or cleared.
    if (!message || running || messageLength(written) > MAX_CHAT_MESSAGE_LENGTH) return;
    const key = `pending-${crypto.randomUUID()}`;
    const startedIn = conversationId;
    if (quickReply === undefined) setDraft("");
    setRunning(true);
    setAnnouncement("");
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
        if (event.event === "turn-start" && activeTurnRef.current?.conversationId === startedIn) adoptConversation(event.data.conversationId);
        update((turn) => {
          const next = applyChatStreamEvent(turn, event);
          if (event.event === "turn-end") setAnnouncement(announcementOf(next, text));
          return next;
        });
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

  const resolveCall = (turnKey: string, toolCallId: string, resolution: WriteResolution | null) => {
    setTurns((previous) => previous.map((turn) => (turn.key === turnKey ? withResolution(turn, toolCallId, resolution) : turn)));
  };

  const renamed = (id: string, title: string) => {
    setConversations((previous) => previous.map((entry) => (entry.id === id ? { ...entry, title } : entry)));
    router.refresh();
  };

  const deleted = (id: string) => {
    setConversations((previous) => previous.filter((entry) => entry.id !== id));
    if (id === conversationIdRef.current) startNewConversation();
    else router.refresh();
  };

  const startNewConversation = () => {
    setListOpen(false);
    conversationIdRef.current = undefined;
    // As if the server had already shown "/": a conversation link clicked before that render lands still opens.
    setShown((previous) => ({ ...previous, conversationId: undefined }));
    setConversationId(undefined);
    setTurns([]);
    router.push("/");
    inputRef.current?.focus();
  };

  const openTitle = conversations.find((entry) => entry.id === conversationId)?.title;
  return (
    <div className="chat-layout" data-list-open={listOpen}>
      <ConversationList
        conversations={conversations}
        conversationId={conversationId}
        open={listOpen}
        locale={locale}
        text={text}
        onNewConversation={startNewConversation}
        onClose={() => setListOpen(false)}
        onRenamed={renamed}
        onDeleted={deleted}
      />

      <section className="chat-panel" aria-label={text.conversationLabel}>
        <div className="chat-toolbar">
          <button
            type="button"
            className="button button-quiet button-small"
            aria-expanded={listOpen}
            onClick={() => setListOpen((value) => !value)}
            data-testid="show-conversations"
          >
            {text.showConversations}
          </button>
          <span className="chat-toolbar-title">{openTitle ?? ""}</span>
          <button type="button" className="button button-quiet button-small" onClick={startNewConversation} aria-label={text.newConversation}>
            <span aria-hidden="true">+ {text.newShort}</span>
          </button>
        </div>
        <div className="chat-log" ref={logRef} aria-busy={running} data-testid="chat-log" data-conversation-id={conversationId ?? ""}>
          {trustStatement}
          {turns.length === 0 ? (
            <div className="chat-empty" data-testid="chat-empty">
              <p>{text.emptyConversation}</p>
              <ul>
                {text.examples.map((example) => (
                  <li key={example}>
                    <button
                      type="button"
                      className="example-button"
                      onClick={() => {
                        setDraft(example);
                        inputRef.current?.focus();
                      }}
                    >
                      {example}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            turns.map((turn, index) => (
              <TurnCard
                key={turn.key}
                turn={turn}
                locale={locale}
                text={text}
                outcomes={outcomes}
                resolutions={resolutions}
                onResolution={(callId, resolution) => resolveCall(turn.key, callId, resolution)}
                // Only the latest question can be answered, and only while nothing else runs.
                onQuickReply={index === turns.length - 1 && !running ? (reply) => void send(reply) : undefined}
              />
            ))
          )}
        </div>
        <p className="visually-hidden" aria-live="polite" data-testid="chat-announcer">
          {announcement}
        </p>
        <ChatComposer
          draft={draft}
          running={running}
          locale={locale}
          text={text}
          offlineNote={offlineNote}
          inputRef={inputRef}
          onDraftChange={(value) => {
            preloadReplyMarkdown();
            setDraft(value);
          }}
          onSend={() => void send()}
          onStopWaiting={() => stopRef.current?.()}
        />
      </section>
    </div>
  );
}
