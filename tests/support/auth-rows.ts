// The rows better-auth owns (users, sessions, verifications, API keys), read and written by tests as another process
// would: through better-auth's own adapter over the port's authDatabase, never the driver, so on any adapter.
import { getAuth } from "@/lib/account/get-auth";

/** better-auth's database adapter for the store the auth instance was built on (setStore in the test's harness). */
export async function authRows() {
  return (await getAuth().$context).adapter;
}

/** Sets columns of the account with this email (the admin plugin's `banned`, `passwordChangeRequired` …). */
export async function updateAccountRow(options: { email: string; set: Record<string, unknown> }): Promise<void> {
  await (await authRows()).update({ model: "user", where: [{ field: "email", value: options.email }], update: options.set });
}

/** The account with this email as stored, or null. */
export async function findAccountRow(email: string) {
  return await (
    await authRows()
  ).findOne<{ id: string; name: string; email: string; role: string | null; passwordChangeRequired: boolean }>({
    model: "user",
    where: [{ field: "email", value: email }],
  });
}
