"use client";
// The unit preference: kilograms and centimetres, or pounds and inches. Only how values are shown and typed changes.
import { useActionState } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { unitSystems, type UnitSystem } from "@/lib/measurements/unit-system";
import { setUnitsAction, type UnitsState } from "./actions";

const idle: UnitsState = { status: "idle" };

export function UnitsForm({ units, text, systems }: { units: UnitSystem; text: Dictionary["account"]; systems: Dictionary["measurements"]["unitSystems"] }) {
  const [state, formAction, pending] = useActionState(setUnitsAction, idle);
  const current = state.status === "saved" ? state.units : units;
  return (
    <form action={formAction} className="form-stack" data-testid="units-form">
      <fieldset className="choice-list">
        <legend>{text.unitsLegend}</legend>
        {unitSystems.map((system) => (
          <label key={system} className="choice">
            <input type="radio" name="units" value={system} defaultChecked={system === current} data-testid={`units-${system}`} />
            <span>{text.unitChoices[system]}</span>
            <span className="field-hint">{systems[system]}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="units-submit">
          {text.unitsSave}
        </button>
        <p role="status" className="form-status" data-testid="units-status">
          {state.status === "saved" ? formatMessage(text.unitsSaved, { units: systems[state.units] }) : null}
        </p>
      </div>
    </form>
  );
}
