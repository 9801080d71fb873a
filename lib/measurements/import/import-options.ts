// The import's formats and the choices a format needs from the person, read from named parameters (the API's query,
// the admin command's flags): the per-day rule, the unit a file does not state, a CSV's column mapping and date order.
import { massUnits, type MassUnit } from "../units";
import { perDayRules, type PerDayRule } from "./collect-days";
import { dateOrders, type CsvMapping, type DateOrder } from "./formats/mapped-csv";
import type { ImportProblem } from "./import-problem";

export const importFormats = ["palestra", "apple-health", "health-connect", "withings", "fitbit", "openscale", "csv"] as const;
export type ImportFormat = (typeof importFormats)[number];
export type ForeignFormat = Exclude<ImportFormat, "palestra">;

export type ForeignImportOptions = { format: ForeignFormat; perDay: PerDayRule; unit?: MassUnit; mapping?: CsvMapping };

/** A parameter with a value outside its set (400), or a choice the file needs and the request lacks (422, coded). */
export type ImportOptionsProblem =
  { kind: "invalid"; parameter: string; received: string; valid: readonly string[] } | { kind: "required"; problem: ImportProblem };

export type ImportOptionsResult = { ok: true; options: ForeignImportOptions } | { ok: false; problem: ImportOptionsProblem };

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

export function readForeignImportOptions(format: ForeignFormat, parameter: (name: string) => string | null): ImportOptionsResult {
  const invalid = (name: string, received: string, valid: readonly string[]): ImportOptionsResult => ({
    ok: false,
    problem: { kind: "invalid", parameter: name, received, valid },
  });
  const required = (problem: ImportProblem): ImportOptionsResult => ({ ok: false, problem: { kind: "required", problem } });
  const perDay = parameter("per_day") ?? "first";
  if (!isOneOf(perDayRules, perDay)) return invalid("per_day", perDay, perDayRules);
  const unit = parameter("unit");
  if (unit !== null && !isOneOf(massUnits, unit)) return invalid("unit", unit, massUnits);
  if (format === "fitbit") {
    if (unit === null) return required({ code: "unit_required", parameter: "unit", valid: massUnits, line: 0 });
    return { ok: true, options: { format, perDay, unit } };
  }
  if (format !== "csv") return { ok: true, options: { format, perDay } };
  const dateOrder = parameter("date_order");
  if (dateOrder !== null && !isOneOf(dateOrders, dateOrder)) return invalid("date_order", dateOrder, dateOrders);
  const dateColumn = parameter("date");
  const kilograms = parameter("weight_kg");
  const pounds = parameter("weight_lb");
  if (dateColumn === null || dateColumn === "") return required({ code: "column_required", parameter: "date", line: 0 });
  if ((kilograms ?? "") === "" && (pounds ?? "") === "")
    return required({ code: "unit_required", parameter: "weight_kg | weight_lb", valid: ["weight_kg=COLUMN", "weight_lb=COLUMN"], line: 0 });
  const mapping: CsvMapping = {
    dateColumn,
    weightColumn: (kilograms || pounds) ?? "",
    weightUnit: kilograms ? "kg" : "lb",
    ...(dateOrder ? { dateOrder: dateOrder as DateOrder } : {}),
  };
  return { ok: true, options: { format, perDay, mapping } };
}
