"use client";
// The list of armed faults with a Clear button each, and Clear all.
import { useActionState } from "react";
import type { ArmedFault } from "@/lib/faults/manage-faults";
import type { FaultTarget } from "@/lib/faults/fault-modes";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatPlural } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { clearFaultsAction, type QaActionState } from "./actions";

export function ArmedFaults({ faults, locale, text }: { faults: ArmedFault[]; locale: Locale; text: Dictionary["qa"] }) {
  const [state, action, pending] = useActionState<QaActionState, FormData>(clearFaultsAction, { status: "idle" });
  return (
    <div className="form-stack">
      {faults.length === 0 ? (
        <p className="field-hint" data-testid="qa-none-armed">
          {text.noneArmed}
        </p>
      ) : (
        <ul className="qa-armed" data-testid="qa-armed-list">
          {faults.map((entry) => {
            const target = text.targets[entry.target as FaultTarget] ?? entry.target;
            return (
              <li key={entry.id} data-testid="qa-armed-fault" data-mode={entry.mode} data-target={entry.target} data-remaining={entry.remaining ?? ""}>
                {/* Each part stays whole when a phone-wide line wraps ("· reads" never starts a line alone). */}
                <span className="qa-armed-text">
                  <code>{entry.mode}</code> <span>· {target}</span>{" "}
                  <span>· {entry.remaining === null ? text.untilCleared : formatPlural(text.remaining, entry.remaining, locale)}</span>
                </span>
                <form action={action}>
                  <input type="hidden" name="id" value={entry.id} />
                  <button
                    type="submit"
                    className="button button-quiet button-small"
                    disabled={pending}
                    aria-label={formatMessage(text.clearLabel, { mode: entry.mode, target })}
                    data-testid={`qa-clear-${entry.mode}`}
                  >
                    {text.clear}
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
      <form action={action}>
        <button type="submit" className="button button-quiet" disabled={pending || faults.length === 0} data-testid="qa-clear-all">
          {text.clearAll}
        </button>
      </form>
      <p role="status" className="qa-status" data-testid="qa-clear-status">
        {state.status === "cleared" ? formatPlural(text.cleared, state.count, locale) : null}
      </p>
    </div>
  );
}
