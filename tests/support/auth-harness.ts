// better-auth as lib/account/get-auth.ts configures it, on any adapter's store (tests/store/store-adapters.ts): sign-up and sign-in through its HTTP handler, each
// call from its own client address, for tests of accounts, sessions and API keys.
import { resetAuthForTests, getAuth } from "@/lib/account/get-auth";
import { setStore } from "@/lib/scope/get-store";
import { resetEnvForTests } from "@/lib/env";
import type { Store } from "@/lib/store/store";
import type { StoreAdapter } from "@/tests/store/store-adapters";

export const TEST_ORIGIN = "http://localhost:3000";
export const STRONG_PASSWORD = "river-window-kettle-42";

type AuthCalls = {
  /** POST to /api/auth{path} through the handler. */
  call: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Response>;
  /** Signs up and in; the headers carry the new session's bearer token. */
  signUp: (email: string, options?: { userAgent?: string }) => Promise<{ headers: Record<string, string>; userId: string }>;
  signIn: (email: string, options?: { password?: string; userAgent?: string }) => Promise<Record<string, string>>;
};

/** The same on any adapter's store (tests/store/store-adapters.ts); closing it is asynchronous, as the store's close is. */
export type StoreAuthHarness = AuthCalls & { store: Store; close: () => Promise<void> };

export async function openStoreAuthHarness(adapter: StoreAdapter, environment: Record<string, string> = {}): Promise<StoreAuthHarness> {
  const opened = await adapter.open();
  const { restore, ...calls } = startAuth(opened.store, environment);
  return {
    store: opened.store,
    ...calls,
    close: async () => {
      restore();
      await opened.close();
    },
  };
}

/** Sets the store and the environment better-auth is built from; restore() puts back what was there. */
function startAuth(store: Store, environment: Record<string, string>): AuthCalls & { restore: () => void } {
  const saved = { ...process.env };
  setStore(store);
  Object.assign(process.env, { BETTER_AUTH_SECRET: "s".repeat(40), BETTER_AUTH_URL: TEST_ORIGIN, PALESTRA_SIGNUP: "open", ...environment });
  resetEnvForTests();
  resetAuthForTests();
  let address = 0;
  const call = (path: string, body: unknown, headers: Record<string, string> = {}) => {
    address += 1;
    return getAuth().handler(
      new Request(`${TEST_ORIGIN}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": `10.8.${address >> 8}.${address & 255}`, ...headers },
        body: JSON.stringify(body),
      }),
    );
  };
  const signIn = async (email: string, options: { password?: string; userAgent?: string } = {}) => {
    const agent: Record<string, string> = options.userAgent ? { "user-agent": options.userAgent } : {};
    const response = await call("/sign-in/email", { email, password: options.password ?? STRONG_PASSWORD }, agent);
    if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
    return { authorization: `Bearer ${response.headers.get("set-auth-token")}` };
  };
  const signUp = async (email: string, options: { userAgent?: string } = {}) => {
    const response = await call("/sign-up/email", { name: email.split("@")[0], email, password: STRONG_PASSWORD });
    if (response.status !== 200) throw new Error(`sign-up of ${email} answered ${response.status}: ${await response.text()}`);
    const userId = ((await response.json()) as { user: { id: string } }).user.id;
    return { headers: await signIn(email, options), userId };
  };
  return {
    call,
    signUp,
    signIn,
    restore: () => {
      process.env = saved;
      resetEnvForTests();
      resetAuthForTests();
      setStore(undefined);
    },
  };
}
