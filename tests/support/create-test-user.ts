// Creates an account for tests, drills and benches on any adapter: measurements, idempotency records and faults
// reference `user`. The row is written by better-auth's own database adapter over the store's authDatabase, as
// better-auth writes accounts in the app; it has no password, so nobody signs in with it (sign-up is how people are made).
import crypto from "node:crypto";
import type { Store } from "@/lib/store/store";

type AuthAdapter = { create<T>(data: { model: string; data: Record<string, unknown>; forceAllowId?: boolean }): Promise<T> };

const adapters = new WeakMap<Store, AuthAdapter>();

function authAdapterOf(store: Store): AuthAdapter {
  const known = adapters.get(store);
  if (known) return known;
  const database = store.authDatabase;
  if (typeof database !== "function") throw new Error(`the ${store.dialect} store's authDatabase is not a better-auth adapter`);
  const adapter: AuthAdapter = database({});
  adapters.set(store, adapter);
  return adapter;
}

/** Creates the account and returns its id: the one given, or a new UUID. */
export async function createTestUser(store: Store, options: { id?: string; name?: string } = {}): Promise<string> {
  const id = options.id ?? crypto.randomUUID();
  const created = await authAdapterOf(store).create<{ id: string }>({
    model: "user",
    data: { id, name: options.name ?? `Test ${id}`, email: `${id}@test.palestra.local` },
    forceAllowId: true,
  });
  if (created.id !== id) throw new Error(`better-auth stored the test account as ${created.id}, not ${id}`);
  return id;
}
