"use client";
// A save the Coach stopped on, with one consistent message per state: unconfirmed (check it by its key), not saved
// (save it now, at most once), saved (its first save went through), saved now (the person's re-run stored it), or
// refused. The state lives on the turn, so the whole card follows it.
import { useState } from "react";
import type { WriteResolution as StoredResolution } from "@/lib/outcome/write-resolutions";
import type { ToolCallView } from "@/lib/chat/turn-view";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { checkWriteAction, saveNowAction } from "./actions";

type WriteState = "unconfirmed" | StoredResolution;
type WriteText = Dictionary["chat"]["write"];

/**
 * The stored resolution wins. Without one, write_failed is known not saved (the storage rolled it back before
 * commit), while outcome_unknown may be either, so it must be checked first.
 */
function stateOf(call: ToolCallView): WriteState {
  if (call.resolution) return call.resolution;
  return call.error === "write_failed" ? "not_saved" : "unconfirmed";
}

/** What the card says in each state when nothing more specific just happened. */
const hintKeys = {
  unconfirmed: "unconfirmedHint",
  not_saved: "notSavedHint",
  saved: "checkedSaved",
  saved_now: "savedNow",
  refused: "checkedRefused",
} as const satisfies Record<WriteState, keyof WriteText>;
export const badgeKeys = {
  unconfirmed: "unconfirmed",
  not_saved: "notSaved",
  saved: "saved",
  saved_now: "savedNowBadge",
  refused: "refused",
} as const satisfies Record<WriteState, keyof WriteText>;
const tones = { unconfirmed: "warning", not_saved: "warning", saved: "success", saved_now: "success", refused: "error" } as const;

type WriteResolutionProps = { call: ToolCallView; text: WriteText; onResolution: (resolution: StoredResolution | null) => void };

export function WriteResolution({ call, text, onResolution }: WriteResolutionProps) {
  const state = stateOf(call);
  const [busy, setBusy] = useState<"checking" | "saving" | null>(null);
  // What the last action said, for the state it left (a later state change shows that state's own hint again).
  const [said, setSaid] = useState<{ state: WriteState; tone: "success" | "warning" | "error"; text: string } | null>(null);

  const check = async () => {
    setBusy("checking");
    try {
      const result = await checkWriteAction({ toolCallId: call.id });
      if (!result.ok) return setSaid({ state, tone: "error", text: text.notFound });
      onResolution(result.resolution);
      setSaid(result.resolution === "not_saved" ? { state: "not_saved", tone: "warning", text: text.checkedNotSaved } : null);
    } catch {
      setSaid({ state, tone: "error", text: text.failed });
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
        // saved_now when this re-run stored it; saved when the key already held the first save (it was replayed).
        onResolution(result.resolution);
        setSaid(null);
      } else if (result.reason === "refused") {
        // What the re-run found: refused (a conflict), not saved (rolled back), or unknown again (check first).
        onResolution(result.resolution);
        const next = result.resolution ?? (call.error === "write_failed" ? "not_saved" : "unconfirmed");
        setSaid({ state: next, tone: "error", text: formatMessage(text.saveRefused, { message: result.message }) });
      } else {
        setSaid({ state, tone: "error", text: text.notFound });
      }
    } catch {
      setSaid({ state, tone: "error", text: text.failed });
    } finally {
      setBusy(null);
    }
  };

  const badge = text[badgeKeys[state]];
  const message = said && said.state === state ? said : { tone: tones[state], text: text[hintKeys[state]] };
  return (
    <div className="write-resolution" data-testid="write-resolution" data-tool-call-id={call.id}>
      <span className="visually-hidden">{text.badgeLabel}: </span>
      <span className={`write-badge write-badge-${state}`} data-testid="write-badge" data-state={state}>
        {badge}
      </span>
      {state === "unconfirmed" ? (
        <button type="button" className="button button-quiet button-small" onClick={() => void check()} disabled={busy !== null} data-testid="write-check">
          {busy === "checking" ? text.checking : text.check}
        </button>
      ) : null}
      {state === "not_saved" ? (
        <button type="button" className="button button-small" onClick={() => void saveNow()} disabled={busy !== null} data-testid="write-save-now">
          {busy === "saving" ? text.savingNow : text.saveNow}
        </button>
      ) : null}
      <p className={`write-message alert alert-${message.tone}`} role="status" data-testid="write-message">
        {message.text}
      </p>
    </div>
  );
}
