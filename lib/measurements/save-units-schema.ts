// The schema of a save's `units`, apart from units.ts so that the browser's unit conversions do not ship zod.
import { z } from "zod";
import { lengthUnits, massUnits, type SaveUnits } from "./units";

export const saveUnitsSchema = z.strictObject({
  mass: z.enum(massUnits).optional().describe('Unit of weight_kg as sent: "kg" (default) or "lb".'),
  length: z.enum(lengthUnits).optional().describe('Unit of every *_cm field as sent: "cm" (default) or "in".'),
}) satisfies z.ZodType<SaveUnits>;
