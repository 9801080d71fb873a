// A person's unit preference: how values are shown and typed in. Stored values are always metric. No zod here: the
// pages import it in the browser (the schema is unit-system-schema.ts).
export const unitSystems = ["metric", "imperial"] as const;
export type UnitSystem = (typeof unitSystems)[number];

const isUnitSystem = (value: unknown): value is UnitSystem => (unitSystems as readonly unknown[]).includes(value);

/** The stored preference, metric when it is missing or unknown (an account created before preferences existed). */
export function parseUnitSystem(value: unknown): UnitSystem {
  return isUnitSystem(value) ? value : "metric";
}
