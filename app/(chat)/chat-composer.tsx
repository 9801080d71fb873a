"use client";
// The message box: Enter sends, Shift+Enter adds a line; Send is disabled while a turn runs, typing never is.
import type { FormEvent, KeyboardEvent, RefObject } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";

type ChatComposerProps = {
  draft: string;
  running: boolean;
  text: Dictionary["chat"];
  onDraftChange: (draft: string) => void;
  onSend: () => void;
  onStopWaiting: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
};

export function ChatComposer({ draft, running, text, onDraftChange, onSend, onStopWaiting, inputRef }: ChatComposerProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };
  return (
    <form className="composer" onSubmit={submit} data-testid="chat-form">
      <label htmlFor="chat-input" className="composer-label">
        {text.inputLabel}
      </label>
      <div className="composer-row">
        <textarea
          id="chat-input"
          ref={inputRef}
          rows={2}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={keyDown}
          aria-describedby="chat-input-hint"
          data-testid="chat-input"
        />
        <button type="submit" className="button" disabled={running} data-testid="chat-send">
          {running ? text.sending : text.send}
        </button>
      </div>
      <div className="composer-footer">
        <p id="chat-input-hint" className="field-hint">
          {text.inputHint}
        </p>
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
