// Current-password checks through the real server actions of /account (email, password, deletion) and better-auth's
// own endpoint: 5 wrong answers per account per 15 minutes, 10 per client address per minute, then 429 in sign-in's
// words, even for the right password; the account is unchanged. Counts live in fixed windows (like sign-in's), so a
// test that happens to straddle a window's end accepts the second window's allowance, and says so.
import { expect, test, type ApiUser } from "./api-fixtures";
import { newClientAddress } from "../credentials";
import { callAction, type ActionAnswer } from "./server-actions";

const idle = { status: "idle" };
const WRONG = "not-the-password-1";

function changeEmail(user: ApiUser, options: { origin: string; password: string; address?: string }): Promise<ActionAnswer> {
  return callAction(user.cookie, {
    name: "changeEmailAction",
    page: "/account",
    origin: options.origin,
    previousState: idle,
    form: { email: `moved-${user.credentials.email}`, currentPassword: options.password },
    headers: options.address ? { "x-forwarded-for": options.address } : {},
  });
}

function changePassword(user: ApiUser, options: { origin: string; password: string }): Promise<ActionAnswer> {
  return callAction(user.cookie, {
    name: "changePasswordAction",
    page: "/account",
    origin: options.origin,
    previousState: idle,
    form: { currentPassword: options.password, newPassword: "orchard-lantern-copper-77" },
  });
}

function deleteAccount(user: ApiUser, options: { origin: string; password: string }): Promise<ActionAnswer> {
  return callAction(user.cookie, {
    name: "deleteAccountAction",
    page: "/account",
    origin: options.origin,
    previousState: idle,
    form: { confirmEmail: user.credentials.email, currentPassword: options.password },
  });
}

const windowOf = (time: number, windowMs: number) => Math.floor(time / windowMs);

test("five wrong current passwords over the account's actions, then 429 for every check, the right password included; nothing changed", async ({
  signUp,
  appOrigin,
}) => {
  const user = await signUp("guess");
  const origin = appOrigin;
  const startedAt = Date.now();
  const wrongAnswers = [
    await changeEmail(user, { origin, password: WRONG }),
    await changeEmail(user, { origin, password: WRONG }),
    await changePassword(user, { origin, password: WRONG }),
    await deleteAccount(user, { origin, password: WRONG }),
    await changeEmail(user, { origin, password: WRONG }),
  ];
  expect(wrongAnswers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  expect(wrongAnswers[0]?.body).toContain('{"status":"wrong_password"}');
  expect(wrongAnswers[2]?.body).toContain('"code":"INVALID_PASSWORD"');
  expect(wrongAnswers[3]?.body).toContain('{"status":"wrong_password"}');
  if (windowOf(startedAt, 15 * 60_000) !== windowOf(Date.now(), 15 * 60_000)) {
    test.info().annotations.push({ type: "window", description: "a 15-minute window ended during the test: its second half was not checked" });
    return;
  }
  const email = await changeEmail(user, { origin, password: user.credentials.password });
  expect(email.body).toMatch(/\{"status":"rate_limited","retryAfterSeconds":\d+\}/);
  const password = await changePassword(user, { origin, password: user.credentials.password });
  expect(password.body).toMatch(/"status":"refused","refusal":\{"status":429,"code":"TOO_MANY_PASSWORD_ATTEMPTS"/);
  const deletion = await deleteAccount(user, { origin, password: user.credentials.password });
  expect(deletion.body).toMatch(/\{"status":"rate_limited","retryAfterSeconds":\d+\}/);
  expect(deletion.redirect).toBeUndefined();
  // better-auth's own endpoint, as a script with the stolen token would call it: the same count, 429 and Retry-After.
  const direct = await user.bearer.post("/api/auth/verify-password", { data: { password: user.credentials.password } });
  expect(direct.status()).toBe(429);
  const retryAfter = Number(direct.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  // The account is as it was: same email, same password, still there.
  expect((await user.bearer.get("/api/v1/conversations")).status()).toBe(200);
  const signIn = await user.cookie.post("/api/auth/sign-in/email", {
    data: { email: user.credentials.email, password: user.credentials.password },
    headers: { origin, "x-forwarded-for": newClientAddress() },
  });
  expect(signIn.status()).toBe(200);
});

test("one client address gets 10 wrong current passwords a minute across accounts, then 429; another address is answered", async ({ signUp, appOrigin }) => {
  const users = [await signUp("address-a"), await signUp("address-b"), await signUp("address-c"), await signUp("address-d")];
  const address = newClientAddress();
  const startedAt = Date.now();
  const answers: ActionAnswer[] = [];
  for (let index = 0; index < 11; index += 1) {
    const user = users[index % users.length] as ApiUser;
    answers.push(await changeEmail(user, { origin: appOrigin, password: WRONG, address }));
  }
  const wrong = answers.filter((answer) => answer.body.includes('{"status":"wrong_password"}')).length;
  const limited = answers.filter((answer) => /"status":"rate_limited"/.test(answer.body)).length;
  if (windowOf(startedAt, 60_000) === windowOf(Date.now(), 60_000)) {
    expect([wrong, limited]).toEqual([10, 1]);
  } else {
    test.info().annotations.push({ type: "window", description: "a minute ended during the test: 11 attempts spanned two windows" });
    expect(wrong + limited).toBe(11);
  }
  // Each account has at most 3 wrong answers: from its own address the right password still changes the email.
  const moved = await changeEmail(users[0] as ApiUser, { origin: appOrigin, password: (users[0] as ApiUser).credentials.password });
  expect(moved.body).toContain('"status":"saved"');
});
