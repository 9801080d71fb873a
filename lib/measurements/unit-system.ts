// A person's unit preference: how values are shown and typed in. Stored values are always metric.
import { z } from "zod";

export const unitSystems = ["metric", "imperial"] as const;
export const unitSystemSchema = z.enum(unitSystems);
export type UnitSystem = z.infer<typeof unitSystemSchema>;

/** The stored preference, metric when it is missing or unknown (an account created before preferences existed). */
export function parseUnitSystem(value: unknown): UnitSystem {
  const parsed = unitSystemSchema.safeParse(value);
  return parsed.success ? parsed.data : "metric";
}
