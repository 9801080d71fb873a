"use client";
// The choices an import needs before reading another app's export: its format, the per-day rule, the unit a file
// does not state (Fitbit, a mapped CSV) and a CSV's columns and date order. Nothing is guessed.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { perDayRules, type PerDayRule } from "@/lib/measurements/import/collect-days";
import { dateOrders, type DateOrder } from "@/lib/measurements/import/formats/mapped-csv";
import { importFormats, type ImportFormat } from "@/lib/measurements/import/import-options";

export type FormatChoices = {
  format: ImportFormat;
  perDay: PerDayRule;
  unit: "" | "kg" | "lb";
  dateColumn: string;
  weightColumn: string;
  dateOrder: "" | DateOrder;
};

export const initialChoices: FormatChoices = { format: "palestra", perDay: "first", unit: "", dateColumn: "", weightColumn: "", dateOrder: "" };

type Props = { text: Dictionary["measurements"]; choices: FormatChoices; columns: string[]; disabled: boolean; onChange: (choices: FormatChoices) => void };

export function ImportFormatOptions({ text, choices, columns, disabled, onChange }: Props) {
  const set = (change: Partial<FormatChoices>) => onChange({ ...choices, ...change });
  const asksUnit = choices.format === "fitbit" || choices.format === "csv";
  const columnSelect = (id: string, label: string, value: string, onPick: (column: string) => void) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onPick(event.target.value)} disabled={disabled} data-testid={id}>
        <option value="">{text.importUnitChoose}</option>
        {columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="import-options">
      <div className="field">
        <label htmlFor="import-format">{text.importFormat}</label>
        <select
          id="import-format"
          value={choices.format}
          onChange={(event) => set({ format: event.target.value as ImportFormat })}
          disabled={disabled}
          data-testid="import-format"
        >
          {importFormats.map((format) => (
            <option key={format} value={format}>
              {text.importFormatNames[format]}
            </option>
          ))}
        </select>
      </div>
      {choices.format === "palestra" ? null : (
        <div className="field">
          <label htmlFor="import-per-day">{text.importPerDay}</label>
          <select
            id="import-per-day"
            value={choices.perDay}
            onChange={(event) => set({ perDay: event.target.value as PerDayRule })}
            disabled={disabled}
            data-testid="import-per-day"
          >
            {perDayRules.map((rule) => (
              <option key={rule} value={rule}>
                {text.importPerDayNames[rule]}
              </option>
            ))}
          </select>
        </div>
      )}
      {asksUnit ? (
        <div className="field">
          <label htmlFor="import-unit">{text.importUnit}</label>
          <select
            id="import-unit"
            value={choices.unit}
            onChange={(event) => set({ unit: event.target.value as FormatChoices["unit"] })}
            disabled={disabled}
            data-testid="import-unit"
          >
            <option value="">{text.importUnitChoose}</option>
            <option value="kg">kg</option>
            <option value="lb">lb</option>
          </select>
        </div>
      ) : null}
      {choices.format === "csv" && columns.length > 0 ? (
        <>
          {columnSelect("import-date-column", text.importDateColumn, choices.dateColumn, (dateColumn) => set({ dateColumn }))}
          {columnSelect("import-weight-column", text.importWeightColumn, choices.weightColumn, (weightColumn) => set({ weightColumn }))}
          <div className="field">
            <label htmlFor="import-date-order">{text.importDateOrder}</label>
            <select
              id="import-date-order"
              value={choices.dateOrder}
              onChange={(event) => set({ dateOrder: event.target.value as FormatChoices["dateOrder"] })}
              disabled={disabled}
              data-testid="import-date-order"
            >
              <option value="">{text.importDateOrderNames.auto}</option>
              {dateOrders.map((order) => (
                <option key={order} value={order}>
                  {text.importDateOrderNames[order]}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : null}
    </div>
  );
}
