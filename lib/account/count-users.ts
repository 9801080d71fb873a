// How many accounts the instance holds: the first one becomes admin, and a closed instance still lets it sign up.
import "server-only";
import type { Store } from "@/lib/store/store";

export function countUsers(store: Store): Promise<number> {
  return store.accounts.countUsers();
}
