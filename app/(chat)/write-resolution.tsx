"use client";
// The uncertain save's badge and buttons: check by idempotency key, then (only when asked) save once with the same key.
import { useState } from "react";
import type { ToolCallView } from "@/lib/chat/turn-view";
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";
import { checkWriteAction, saveNowAction } from "./actions";

type WriteState = "unconfirmed" | "not_saved" | "saved";

function initialState(call: ToolCallView): { state: WriteState; checked: boolean } {
  if (call.resolution === "saved") return { state: "saved", checked: true };
  if (call.resolution === "not_saved") return { state: "not_saved", checked: true };
  return { state: call.error === "write_failed" ? "not_saved" : "unconfirmed", checked: false };
}

export function WriteResolution({ call, text }: { call: ToolCallView; text: Dictionary["chat"]["write"] }) {
  const [{ state, checked }, setResolution] = useState(() => initialState(call));
  const [busy, setBusy] = useState<"checking" | "saving" | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "warning" | "error"; text: string } | null>(null);

  const check = async () => {
    setBusy("checking");
    try {
      const result = await checkWriteAction({ toolCallId: call.id });
      if (!result.ok) return setMessage({ tone: "error", text: text.notFound });
      setResolution({ state: result.resolution, checked: true });
      setMessage(result.resolution === "saved" ? { tone: "success", text: text.checkedSaved } : { tone: "warning", text: text.checkedNotSaved });
    } catch {
      setMessage({ tone: "error", text: text.failed });
    } finally {
      setBusy(null);
    }
  };

  const saveNow = async () => {
    setBusy("saving");
    try {
      const result = await saveNowAction({ toolCallId: call.id });
      if (result.ok) {
        setResolution({ state: "saved", checked: true });
        setMessage({ tone: "success", text: text.savedNow });
      } else {
        setMessage({ tone: "error", text: result.reason === "refused" ? formatMessage(text.saveRefused, { message: result.message }) : text.notFound });
      }
    } catch {
      setMessage({ tone: "error", text: text.failed });
    } finally {
      setBusy(null);
    }
  };

  const badge = state === "saved" ? text.saved : state === "not_saved" ? text.notSaved : text.unconfirmed;
  return (
    <div className="write-resolution" data-testid="write-resolution" data-tool-call-id={call.id}>
      <span className={`write-badge write-badge-${state}`} data-testid="write-badge" data-state={state} aria-label={`${text.badgeLabel}: ${badge}`}>
        {badge}
      </span>
      {state !== "saved" && !checked ? (
        <button type="button" className="button button-quiet button-small" onClick={check} disabled={busy !== null} data-testid="write-check">
          {busy === "checking" ? text.checking : text.check}
        </button>
      ) : null}
      {state === "not_saved" && checked ? (
        <button type="button" className="button button-small" onClick={saveNow} disabled={busy !== null} data-testid="write-save-now">
          {busy === "saving" ? text.savingNow : text.saveNow}
        </button>
      ) : null}
      <p className={`write-message${message ? ` alert alert-${message.tone}` : ""}`} role="status" data-testid="write-message">
        {message?.text}
      </p>
    </div>
  );
}
