// The operator's account commands (`npm run admin -- users ...`), through better-auth: its admin plugin's create-user
// endpoint and columns (role "admin", banned = disabled) and its internal adapter for passwords and sessions.
import "server-only";
import crypto from "node:crypto";
import { z } from "zod";
import { deleteAccount } from "@/lib/account/delete-account";
import { getAuth } from "@/lib/account/get-auth";
import { getStore } from "@/lib/scope/get-store";

/** A refusal the operator can act on (unknown email, email taken): printed as one line, exit code 1. */
export class AdminCommandError extends Error {}

export type AdminUserRow = { email: string; name: string; role: string; status: string; createdAt: string };

const DISABLED_REASON = "Disabled by an administrator (npm run admin -- users disable)";

/** 20 characters of base64url (120 random bits): far past the strength estimator's top score. */
export function createOneTimePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}

async function authContext() {
  return getAuth().$context;
}

async function findUser(email: string) {
  const context = await authContext();
  const found = await context.internalAdapter.findUserByEmail(email.trim().toLowerCase(), { includeAccounts: true });
  if (!found) throw new AdminCommandError(`No account has the email ${email}.`);
  return { context, user: found.user as typeof found.user & { banned?: boolean | null; role?: string | null }, accounts: found.accounts };
}

/** The account's id, for commands that act on its data (import). */
export async function findUserId(email: string): Promise<string> {
  return (await findUser(email)).user.id;
}

export async function listUsers(): Promise<AdminUserRow[]> {
  const context = await authContext();
  const users = (await context.internalAdapter.listUsers(undefined, undefined, { field: "createdAt", direction: "asc" })) as Array<
    Record<string, unknown> & { email: string; name: string; createdAt: Date }
  >;
  return users.map((user) => ({
    email: user.email,
    name: user.name,
    role: typeof user.role === "string" && user.role ? user.role : "user",
    status: user.banned === true ? "disabled" : user.passwordChangeRequired === true ? "must change password" : "active",
    createdAt: new Date(user.createdAt).toISOString(),
  }));
}

/** Creates an account whose one-time password must be changed at the first sign-in; returns that password. */
export async function createUser(options: { email: string; name?: string }): Promise<string> {
  const email = options.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new AdminCommandError(`"${options.email}" is not an email address.`);
  const context = await authContext();
  if (await context.internalAdapter.findUserByEmail(email)) throw new AdminCommandError(`An account with the email ${email} already exists.`);
  const password = createOneTimePassword();
  const name = options.name?.trim() || email.split("@")[0] || email;
  await getAuth().api.createUser({ body: { email, password, name, data: { passwordChangeRequired: true } } });
  return password;
}

/** Sets a one-time password (to be changed at the next sign-in) and signs every session out; returns the password. */
export async function resetPassword(email: string): Promise<string> {
  const { context, user, accounts } = await findUser(email);
  const password = createOneTimePassword();
  const hash = await context.password.hash(password);
  if (accounts.some((account) => account.providerId === "credential")) await context.internalAdapter.updatePassword(user.id, hash);
  else await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  await context.internalAdapter.updateUser(user.id, { passwordChangeRequired: true });
  await context.internalAdapter.deleteUserSessions(user.id);
  return password;
}

/** Disabled accounts cannot sign in (the admin plugin's ban), and every session they held ends now. */
export async function disableUser(email: string): Promise<void> {
  const { context, user } = await findUser(email);
  await context.internalAdapter.updateUser(user.id, { banned: true, banReason: DISABLED_REASON, banExpires: null });
  await context.internalAdapter.deleteUserSessions(user.id);
}

export async function enableUser(email: string): Promise<void> {
  const { context, user } = await findUser(email);
  await context.internalAdapter.updateUser(user.id, { banned: false, banReason: null, banExpires: null });
}

export async function makeAdmin(email: string): Promise<void> {
  const { context, user } = await findUser(email);
  await context.internalAdapter.updateUser(user.id, { role: "admin" });
}

/** Deletes the account and everything it owns (the same deletion as the account page's). */
export async function deleteUser(email: string): Promise<void> {
  const { user } = await findUser(email);
  await deleteAccount({ store: getStore(), userId: user.id });
}
