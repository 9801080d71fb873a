"use client";
// The message box: Enter sends, Shift+Enter adds a line; Send is disabled while a turn runs, typing never is. Near the
// length limit a counter shows, and a message over it is kept in the box with a clear refusal, never sent or cleared.
import type { FormEvent, KeyboardEvent, RefObject } from "react";
import { MAX_CHAT_MESSAGE_LENGTH } from "@/lib/chat/chat-event";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { useOnline } from "../_components/use-online";

/** The counter appears from here on, so it does not distract from ordinary messages. */
const COUNTER_FROM = MAX_CHAT_MESSAGE_LENGTH - 500;

type ChatComposerProps = {
  draft: string;
  running: boolean;
  locale: Locale;
  text: Dictionary["chat"];
  offlineNote: string;
  onDraftChange: (draft: string) => void;
  onSend: () => void;
  onStopWaiting: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
};

/** The length the server checks: the trimmed message, in UTF-16 units. */
export function messageLength(draft: string): number {
  return draft.trim().length;
}

export function ChatComposer({ draft, running, locale, text, offlineNote, onDraftChange, onSend, onStopWaiting, inputRef }: ChatComposerProps) {
  const length = messageLength(draft);
  const tooLong = length > MAX_CHAT_MESSAGE_LENGTH;
  // Offline nothing is sent (a request would only hang): the draft stays in the box and the note says why.
  const online = useOnline();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (online) onSend();
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (online) onSend();
    }
  };
  const max = formatNumber(MAX_CHAT_MESSAGE_LENGTH, locale, { maximumFractionDigits: 0 });
  return (
    <form className="composer" onSubmit={submit} data-testid="chat-form">
      <label htmlFor="chat-input" className="visually-hidden">
        {text.inputLabel}
      </label>
      <div className="composer-row">
        <textarea
          id="chat-input"
          ref={inputRef}
          rows={2}
          value={draft}
          placeholder={text.inputLabel}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={keyDown}
          aria-describedby={tooLong ? "chat-input-hint chat-input-too-long" : "chat-input-hint"}
          aria-invalid={tooLong ? true : undefined}
          data-testid="chat-input"
        />
        <button type="submit" className="button" disabled={running || tooLong || !online} data-testid="chat-send">
          {running ? text.sending : text.send}
        </button>
      </div>
      {online ? null : (
        <p className="alert alert-warning" role="status" data-testid="chat-offline">
          {offlineNote}
        </p>
      )}
      {tooLong ? (
        <p id="chat-input-too-long" className="alert alert-error composer-too-long" role="alert" data-testid="chat-too-long">
          {formatMessage(text.draftTooLong, { over: formatNumber(length - MAX_CHAT_MESSAGE_LENGTH, locale, { maximumFractionDigits: 0 }), max })}
        </p>
      ) : null}
      <div className="composer-footer">
        <p id="chat-input-hint" className="field-hint">
          {text.inputHint}
        </p>
        {length >= COUNTER_FROM ? (
          <p className={`field-hint composer-counter${tooLong ? " composer-counter-over" : ""}`} data-testid="chat-counter">
            {formatMessage(text.characterCount, { count: formatNumber(length, locale, { maximumFractionDigits: 0 }), max })}
          </p>
        ) : null}
        {/* Kept in the layout while hidden, so the composer does not move when a turn starts or ends. */}
        <button
          type="button"
          className="button button-quiet button-small"
          onClick={onStopWaiting}
          style={{ visibility: running ? "visible" : "hidden" }}
          tabIndex={running ? 0 : -1}
          aria-hidden={!running}
          data-testid="chat-stop-waiting"
        >
          {text.stopWaiting}
        </button>
      </div>
    </form>
  );
}
