// zod schemas for measurement arguments (tools and HTTP share them) and their translation into ArgumentProblems.
import { z } from "zod";
import { escapeSurrogate, type ArgumentProblem as ContractArgumentProblem } from "@/lib/outcome/argument-problem";
import { fieldRanges, MAX_IDEMPOTENCY_KEY_LENGTH, MAX_NOTE_LENGTH, measurementFields, type MeasurementField } from "./fields";

/** An argument problem of the measurement tools and forms, naming the domain's fields. */
export type ArgumentProblem = ContractArgumentProblem<MeasurementField>;
import { DEFAULT_WINDOW_DAYS, MAX_WINDOW_DAYS, MIN_WINDOW_DAYS } from "./compute-trend";
import { saveUnitsSchema } from "./save-units-schema";
import { fieldRangeIn, lengthUnits, massUnits, type SaveUnits } from "./units";

// With the u flag a well-formed pair is one code point (never Cs); only a lone half matches.
const loneSurrogate = /\p{Cs}/u;
/** SQLite would store a lone UTF-16 surrogate as U+FFFD, so the note read back would differ from the note saved. */
const isWellFormedText = (value: string) => !loneSurrogate.test(value);

const oneDecimal = (value: number) => Math.abs(Math.round(value * 10) / 10 - value) < 1e-9;

const fieldSchema = (field: MeasurementField) => {
  const { min, max } = fieldRanges[field];
  return z.number().min(min).max(max).refine(oneDecimal, "at most one decimal").optional();
};

export const calendarDateSchema = z.iso.date();

export const measurementValuesSchema = z
  .strictObject(Object.fromEntries(measurementFields.map((field) => [field, fieldSchema(field)])) as Record<MeasurementField, ReturnType<typeof fieldSchema>>)
  .refine((values) => Object.values(values).some((value) => value !== undefined), "at least one value");

export const readMeasurementInputSchema = z.strictObject({
  date: calendarDateSchema.describe("The calendar date to read, YYYY-MM-DD, in the user's time zone."),
});
export type ReadMeasurementInput = z.infer<typeof readMeasurementInputSchema>;

export const listMeasurementsInputSchema = z.strictObject({
  from: calendarDateSchema.describe("First date of the range, YYYY-MM-DD, inclusive."),
  to: calendarDateSchema.describe("Last date of the range, YYYY-MM-DD, inclusive. At most 366 days after from."),
  fields: z.array(z.enum(measurementFields)).min(1).optional().describe("Only these fields; all when omitted."),
});
export type ListMeasurementsInput = z.infer<typeof listMeasurementsInputSchema>;

export const noteSchema = z.string().max(MAX_NOTE_LENGTH).refine(isWellFormedText, "well-formed text");

export const saveMeasurementInputSchema = z.strictObject({
  date: calendarDateSchema.describe("The calendar date of the measurement, YYYY-MM-DD, not in the future."),
  values: measurementValuesSchema.describe(
    "At least one value, one decimal at most: weight_kg (20-400), body_fat_pct (2-75), neck_cm, chest_cm, waist_cm, hips_cm, biceps_cm, quadriceps_cm, calf_cm (10-250), height_cm (50-260).",
  ),
  note: noteSchema.optional().describe("Optional free text from the user."),
  replace: z.boolean().optional().describe("true to overwrite different values already stored for the date."),
});
export type SaveMeasurementInput = z.infer<typeof saveMeasurementInputSchema>;

const exampleValues: Record<MeasurementField, number> = {
  weight_kg: 77.4,
  body_fat_pct: 18.5,
  neck_cm: 38,
  chest_cm: 100,
  waist_cm: 82,
  hips_cm: 98,
  biceps_cm: 35,
  quadriceps_cm: 56,
  calf_cm: 37,
  height_cm: 178,
};

/** The number a sloppy value most likely meant ("77.4 kg", "77,4") when it is in range; else a typical value. */
function suggestValue(field: MeasurementField, received: unknown, units: SaveUnits | undefined): number {
  const { min, max } = fieldRangeIn(field, units);
  const text = typeof received === "number" ? String(received) : typeof received === "string" ? received : "";
  const match = /-?\d+(?:[.,]\d+)?/.exec(text);
  const parsed = match ? Math.round(Number(match[0].replace(",", ".")) * 10) / 10 : Number.NaN;
  if (Number.isFinite(parsed) && parsed >= min && parsed <= max) return parsed;
  // A typical value in the caller's unit: the metric example when it is in range there, else the middle of the range.
  const example = exampleValues[field];
  return example >= min && example <= max ? example : Math.round((min + max) / 2);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = Object.prototype.hasOwnProperty.call(current, key) ? (current as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return current;
}

/** The units a save was sent with, when they are valid; invalid units are reported on their own. */
function unitsOf(input: unknown): SaveUnits | undefined {
  const parsed = saveUnitsSchema.safeParse(valueAt(input, ["units"]));
  return parsed.success ? parsed.data : undefined;
}

/** The argument names of an object schema, also behind the pipes of a converting schema (the save tool's). */
function argumentNamesOf(schema: z.ZodType): string[] {
  let current: unknown = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

/** A goal's target out of its field's range, named in the unit it was sent in (the field is unknown: weight's range). */
function targetProblem({ input, received, units }: { input: unknown; received: unknown; units: SaveUnits | undefined }): ArgumentProblem {
  const named = valueAt(input, ["field"]);
  const field = (measurementFields as readonly unknown[]).includes(named) ? (named as MeasurementField) : "weight_kg";
  const { min, max, unit } = fieldRangeIn(field, units);
  return { kind: "field_value", field, received, min, max, unit, suggestion: suggestValue(field, received, units) };
}

function problemFromIssue({
  issue,
  input,
  today,
  units,
}: {
  issue: z.core.$ZodIssue;
  input: unknown;
  today: string;
  units: SaveUnits | undefined;
}): ArgumentProblem {
  const [head, second] = issue.path;
  const received = valueAt(input, issue.path);
  if (issue.path.length === 0) {
    if (issue.code === "unrecognized_keys") return { kind: "unknown_argument", names: issue.keys, valid: [] };
    return { kind: "not_object", received: input };
  }
  if (head === "date" || head === "from" || head === "to") {
    if (received === undefined) return { kind: "missing_argument", name: head, example: today };
    return { kind: "date_format", name: head, received, example: today };
  }
  if (head === "values") {
    if (issue.code === "unrecognized_keys") return { kind: "unknown_field", names: issue.keys, valid: [...measurementFields] };
    if (typeof second === "string" && (measurementFields as readonly string[]).includes(second)) {
      const field = second as MeasurementField;
      // A save sent in pounds or inches is refused with its limits in that unit.
      const { min, max, unit } = fieldRangeIn(field, units);
      return { kind: "field_value", field, received, min, max, unit, suggestion: suggestValue(field, received, units) };
    }
    return { kind: "values_required", received, example: { weight_kg: exampleValues.weight_kg } };
  }
  if (head === "note") {
    // The only custom check on note is well-formedness; type and length issues are note_invalid.
    const surrogate = issue.code === "custom" && typeof received === "string" ? loneSurrogate.exec(received) : null;
    if (surrogate) return { kind: "note_malformed", received: surrogate.input, surrogate: escapeSurrogate(surrogate[0]), index: surrogate.index };
    return { kind: "note_invalid", received, maxLength: MAX_NOTE_LENGTH };
  }
  if (head === "replace") return { kind: "boolean_argument", name: "replace", received };
  if (head === "units") return { kind: "units_invalid", received: valueAt(input, ["units"]), valid: { mass: [...massUnits], length: [...lengthUnits] } };
  if (head === "fields") return { kind: "fields_invalid", received: valueAt(input, ["fields"]), valid: [...measurementFields] };
  if (head === "field") return { kind: "field_name", received, valid: [...measurementFields] };
  if (head === "days") return { kind: "window_days", received, min: MIN_WINDOW_DAYS, max: MAX_WINDOW_DAYS, example: DEFAULT_WINDOW_DAYS };
  if (head === "target") return targetProblem({ input, received, units });
  if (head === "idempotency_key") return { kind: "idempotency_key_invalid", received, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH };
  return { kind: "unknown_argument", names: [String(head)], valid: [] };
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; problems: ArgumentProblem[] };

/** Parses arguments and checks what a schema cannot (dates in the future, ranges backwards), before any handler runs. */
export function validateArguments<T extends Record<string, unknown>>(options: { schema: z.ZodType<T>; input: unknown; today: string }): ValidationResult<T> {
  const { schema, input, today } = options;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const validArguments = argumentNamesOf(schema);
    // Only a schema that takes `units` (the save tool's) reads values in them; elsewhere `units` is an unknown argument.
    const units = validArguments.includes("units") ? unitsOf(input) : undefined;
    const problems = parsed.error.issues.map((issue) => {
      const problem = problemFromIssue({ issue, input, today, units });
      return problem.kind === "unknown_argument" ? { ...problem, valid: validArguments } : problem;
    });
    // zod still runs the "at least one value" refinement when values hold only unknown or invalid fields; the
    // specific problem already says what to fix, and "values must hold a measurement" would contradict it.
    const specific = problems.some((problem) => problem.kind === "unknown_field" || problem.kind === "field_value");
    return { ok: false, problems: specific ? problems.filter((problem) => problem.kind !== "values_required") : problems };
  }
  const value = parsed.data;
  const problems: ArgumentProblem[] = [];
  for (const name of ["date", "from", "to"] as const) {
    const date = value[name];
    if (typeof date === "string" && date > today) problems.push({ kind: "future_date", name, received: date, today });
  }
  if (typeof value.from === "string" && typeof value.to === "string" && value.from > value.to) {
    problems.push({ kind: "range_order", from: value.from, to: value.to });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
