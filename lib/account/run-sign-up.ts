// Sign-ups on an empty instance run one at a time: the first account becomes admin and is the only one a closed
// instance lets in, and two first sign-ups racing could otherwise both count zero accounts before either is stored.
import "server-only";
import { getStore } from "@/lib/scope/get-store";
import { countUsers } from "./count-users";

let queue: Promise<unknown> = Promise.resolve();

export async function runSignUp<T>(signUp: () => Promise<T>): Promise<T> {
  // Once an account exists the count can only be read as non-zero, so later sign-ups run side by side.
  if ((await countUsers(getStore())) > 0) return signUp();
  const result = queue.then(signUp, signUp);
  queue = result.catch(() => undefined);
  return result;
}
