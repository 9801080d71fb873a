"use client";
// The uncertain save's badge and buttons: check by idempotency key, then (only when asked) save once with the same key.
import { useState } from "react";
import type { WriteResolution as StoredResolution } from "@/lib/agent/write-resolutions";
import type { ToolCallView } from "@/lib/chat/turn-view";
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";
import { checkWriteAction, saveNowAction } from "./actions";

type WriteState = "unconfirmed" | StoredResolution;

/** The stored resolution wins; a null one (never checked, or unknown again after a re-run) means check first. */
function stateOf(resolution: StoredResolution | null | undefined, call: ToolCallView): { state: WriteState; checked: boolean } {
  if (resolution) return { state: resolution, checked: true };
  return { state: call.error === "write_failed" ? "not_saved" : "unconfirmed", checked: false };
}

const checkedMessages = {
  saved: { tone: "success", key: "checkedSaved" },
  not_saved: { tone: "warning", key: "checkedNotSaved" },
  refused: { tone: "warning", key: "checkedRefused" },
} as const;

const badgeKeys = { unconfirmed: "unconfirmed", not_saved: "notSaved", saved: "saved", refused: "refused" } as const;

export function WriteResolution({ call, text }: { call: ToolCallView; text: Dictionary["chat"]["write"] }) {
  const [{ state, checked }, setResolution] = useState(() => stateOf(call.resolution, call));
  const [busy, setBusy] = useState<"checking" | "saving" | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "warning" | "error"; text: string } | null>(null);

  const check = async () => {
    setBusy("checking");
    try {
      const result = await checkWriteAction({ toolCallId: call.id });
      if (!result.ok) return setMessage({ tone: "error", text: text.notFound });
      setResolution({ state: result.resolution, checked: true });
      const checkedMessage = checkedMessages[result.resolution];
      setMessage({ tone: checkedMessage.tone, text: text[checkedMessage.key] });
    } catch {
      setMessage({ tone: "error", text: text.failed });
    } finally {
      setBusy(null);
    }
  };

  const saveNow = async () => {
    setBusy("saving");
    try {
      // The browser's zone: the re-run judges "not in the future" by the person's today, as the Coach's save did.
      const result = await saveNowAction({ toolCallId: call.id, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
      if (result.ok) {
        setResolution({ state: "saved", checked: true });
        setMessage({ tone: "success", text: text.savedNow });
      } else if (result.reason === "refused") {
        // What the re-run found: refused (a conflict), not saved (rolled back), or unknown again (check first).
        setResolution(stateOf(result.resolution, call));
        setMessage({ tone: "error", text: formatMessage(text.saveRefused, { message: result.message }) });
      } else {
        setMessage({ tone: "error", text: text.notFound });
      }
    } catch {
      setMessage({ tone: "error", text: text.failed });
    } finally {
      setBusy(null);
    }
  };

  const badge = text[badgeKeys[state]];
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
