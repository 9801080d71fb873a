"use client";
// The arming form: one radio per (mode, target) with what it does, and an optional number of storage attempts.
import { useActionState } from "react";
import type { FaultMode, FaultTarget } from "@/lib/faults/fault-modes";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { armFaultAction, type QaActionState } from "./actions";

type Choice = { mode: FaultMode; target: FaultTarget };

export function ArmFaultForm({ choices, text }: { choices: Choice[]; text: Dictionary["qa"] }) {
  const [state, action, pending] = useActionState<QaActionState, FormData>(armFaultAction, { status: "idle" });
  return (
    <form action={action} className="form-stack" data-testid="qa-arm-form">
      <fieldset className="qa-choices">
        <legend>{text.mode}</legend>
        {choices.map(({ mode, target }, index) => {
          const id = `fault-${mode}-${target}`;
          return (
            <div key={id} className="qa-choice">
              <input type="radio" id={id} name="choice" value={`${mode}:${target}`} defaultChecked={index === 0} data-testid={`qa-choice-${mode}-${target}`} />
              <label htmlFor={id}>
                {/* One line: the label is a grid, and each loose child would be a row of its own ("· reads" alone). */}
                <span>
                  <code>{mode}</code> · {text.targets[target]}
                </span>
                <span className="field-hint">{text.modes[mode]}</span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <div className="field qa-count">
        <label htmlFor="fault-count">{text.count}</label>
        <input
          id="fault-count"
          name="count"
          type="number"
          min={1}
          max={1000}
          step={1}
          inputMode="numeric"
          aria-describedby="fault-count-hint"
          data-testid="qa-count"
        />
        <span id="fault-count-hint" className="field-hint">
          {text.countHint}
        </span>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="qa-arm">
          {pending ? text.arming : text.arm}
        </button>
      </div>
      <p role="status" className="qa-status" data-testid="qa-arm-status" data-status={state.status}>
        {state.status === "armed" ? formatMessage(text.armed, { mode: state.mode, target: text.targets[state.target as FaultTarget] ?? state.target }) : null}
        {state.status === "invalid" ? text.invalid : null}
      </p>
    </form>
  );
}
