"use client";
// The person's conversations, newest first, each with the date of its last message and a menu to rename or delete
// it. On a phone the list is a panel opened from the chat's toolbar, so the composer stays in view.
import Link from "next/link";
import { useCallback, useRef, useState } from "react";
import type { ConversationSummary } from "@/lib/conversations/read-conversations";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatInstantDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { useDismiss } from "../_components/use-dismiss";
import { useTimeZone } from "../_components/use-time-zone";
import { deleteConversationAction, renameConversationAction } from "./conversation-actions";

type ConversationListProps = {
  conversations: ConversationSummary[];
  conversationId?: string;
  open: boolean;
  locale: Locale;
  text: Dictionary["chat"];
  onNewConversation: () => void;
  onClose: () => void;
  onRenamed: (id: string, title: string) => void;
  onDeleted: (id: string) => void;
};

type Editing = { id: string; mode: "menu" | "rename" | "delete" } | null;

export function ConversationList(props: ConversationListProps) {
  const { conversations, conversationId, open, locale, text } = props;
  const timeZone = useTimeZone();
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  // The open "⋯" menu closes on Escape or a press elsewhere, and focus goes back to its button.
  const menuItemRef = useRef<HTMLLIElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setEditing((current) => (current?.mode === "menu" ? null : current)), []);
  useDismiss({ open: editing?.mode === "menu", container: menuItemRef, trigger: menuButtonRef, onClose: closeMenu });

  const rename = async (entry: ConversationSummary, title: string) => {
    setBusy(true);
    const result = await renameConversationAction({ conversationId: entry.id, title }).catch(() => ({ ok: false as const }));
    setBusy(false);
    if (!result.ok) return setNotice({ tone: "error", text: text.conversationFailed });
    const shown = Array.from(title.trim().replace(/\s+/g, " ")).slice(0, 80).join("");
    props.onRenamed(entry.id, shown);
    setEditing(null);
    setNotice({ tone: "success", text: formatMessage(text.renamed, { title: shown }) });
  };

  const remove = async (entry: ConversationSummary) => {
    setBusy(true);
    const result = await deleteConversationAction({ conversationId: entry.id }).catch(() => ({ ok: false as const }));
    setBusy(false);
    if (!result.ok) return setNotice({ tone: "error", text: text.conversationFailed });
    setEditing(null);
    props.onDeleted(entry.id);
    setNotice({ tone: "success", text: formatMessage(text.deleted, { title: entry.title }) });
  };

  return (
    <nav className="conversation-list" aria-labelledby="conversations-title" data-open={open} data-testid="conversation-list">
      <div className="conversation-list-header">
        <h2 id="conversations-title">{text.conversationsTitle}</h2>
        <button type="button" className="button button-small" onClick={props.onNewConversation} data-testid="new-conversation">
          {text.newConversation}
        </button>
        <button type="button" className="button button-quiet button-small conversation-list-close" onClick={props.onClose}>
          {text.closeConversations}
        </button>
      </div>
      <p className="conversation-notice" role="status" data-testid="conversation-notice">
        {notice ? <span className={`alert alert-${notice.tone}`}>{notice.text}</span> : null}
      </p>
      {conversations.length === 0 ? (
        <p className="field-hint">{text.noConversations}</p>
      ) : (
        <ul>
          {conversations.map((entry) => {
            const mode = editing?.id === entry.id ? editing.mode : null;
            return (
              <li
                key={entry.id}
                ref={mode === "menu" ? menuItemRef : undefined}
                className="conversation-item"
                data-testid="conversation-item"
                data-conversation-id={entry.id}
              >
                {mode === "rename" ? (
                  <RenameForm entry={entry} text={text} busy={busy} onCancel={() => setEditing(null)} onSave={(title) => void rename(entry, title)} />
                ) : (
                  <div className="conversation-row">
                    <Link
                      href={`/?c=${encodeURIComponent(entry.id)}`}
                      aria-current={entry.id === conversationId ? "page" : undefined}
                      data-testid="conversation-link"
                      data-conversation-id={entry.id}
                      onClick={props.onClose}
                    >
                      <span className="conversation-title">{entry.title}</span>
                      <span className="conversation-date">{formatInstantDate(entry.updatedAt, locale, timeZone)}</span>
                    </Link>
                    <button
                      ref={mode === "menu" ? menuButtonRef : undefined}
                      type="button"
                      className="conversation-menu-button"
                      aria-expanded={mode === "menu"}
                      aria-label={formatMessage(text.conversationActions, { title: entry.title })}
                      onClick={() => setEditing(mode === "menu" ? null : { id: entry.id, mode: "menu" })}
                      data-testid="conversation-menu"
                    >
                      <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="currentColor">
                        <circle cx="3" cy="8" r="1.5" />
                        <circle cx="8" cy="8" r="1.5" />
                        <circle cx="13" cy="8" r="1.5" />
                      </svg>
                    </button>
                  </div>
                )}
                {mode === "menu" ? (
                  <div className="conversation-menu">
                    <button
                      type="button"
                      className="button button-quiet button-small"
                      onClick={() => setEditing({ id: entry.id, mode: "rename" })}
                      data-testid="conversation-rename"
                    >
                      {text.rename}
                    </button>
                    <button
                      type="button"
                      className="button button-quiet button-small"
                      onClick={() => setEditing({ id: entry.id, mode: "delete" })}
                      data-testid="conversation-delete"
                    >
                      {text.delete}
                    </button>
                  </div>
                ) : null}
                {mode === "delete" ? (
                  <div className="conversation-confirm" role="group" aria-label={text.delete}>
                    <p>{formatMessage(text.deleteConfirm, { title: entry.title })}</p>
                    <div className="form-actions">
                      <button
                        type="button"
                        className="button button-danger button-small"
                        disabled={busy}
                        onClick={() => void remove(entry)}
                        data-testid="conversation-delete-confirm"
                      >
                        {text.delete}
                      </button>
                      <button type="button" className="button button-quiet button-small" onClick={() => setEditing(null)}>
                        {text.cancel}
                      </button>
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

function RenameForm({
  entry,
  text,
  busy,
  onCancel,
  onSave,
}: {
  entry: ConversationSummary;
  text: Dictionary["chat"];
  busy: boolean;
  onCancel: () => void;
  onSave: (title: string) => void;
}) {
  const [title, setTitle] = useState(entry.title);
  const inputId = `rename-${entry.id}`;
  return (
    <form
      className="conversation-rename"
      onSubmit={(event) => {
        event.preventDefault();
        if (title.trim() !== "") onSave(title);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {text.renameInput}
      </label>
      <input
        id={inputId}
        value={title}
        maxLength={200}
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel();
        }}
        data-testid="conversation-rename-input"
      />
      <div className="form-actions">
        <button type="submit" className="button button-small" disabled={busy || title.trim() === ""} data-testid="conversation-rename-save">
          {text.save}
        </button>
        <button type="button" className="button button-quiet button-small" onClick={onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
