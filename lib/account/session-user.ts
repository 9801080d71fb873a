// Who a session signs in as, in the app's terms: the account's fields every page, handler and API key check reads.
import { parseUnitSystem, type UnitSystem } from "@/lib/measurements/unit-system";

export type SessionUser = { id: string; email: string; name: string; units: UnitSystem; passwordChangeRequired: boolean };

/** A stored account as a SessionUser; null for a disabled one (the admin plugin's ban), whatever it still presents. */
export function sessionUserOf(account: {
  id: string;
  email: string;
  name: string;
  units?: unknown;
  passwordChangeRequired?: unknown;
  banned?: unknown;
}): SessionUser | null {
  if (account.banned === true) return null;
  const { id, email, name, units, passwordChangeRequired } = account;
  return { id, email, name, units: parseUnitSystem(units), passwordChangeRequired: passwordChangeRequired === true };
}
