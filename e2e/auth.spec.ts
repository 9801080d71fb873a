import { request as playwrightRequest } from "@playwright/test";
import { newClientAddress, newCredentials } from "./credentials";
import { expect, test } from "./fixtures";

/** Pages that must never render for a signed-out visitor. */
const protectedPaths = [
  "/?c=some-conversation",
  "/measurements",
  "/measurements?edit=2026-01-02",
  "/account",
  "/traces",
  "/traces/some-turn",
  "/metrics",
  "/qa",
];

test("signs up, signs out and logs back in through the forms", async ({ page, signupPage, loginPage, appHeader }) => {
  const credentials = newCredentials();
  await signupPage.goto();
  await signupPage.signUp(credentials);
  // Signed-in people land on the chat with the Coach.
  await page.waitForURL((url) => url.pathname === "/");
  await expect(appHeader.link("coach")).toHaveAttribute("aria-current", "page");

  await appHeader.signOut();
  await page.goto("/measurements");
  await expect(page).toHaveURL(/\/login$/);

  await loginPage.logIn(credentials.email, "not-the-password");
  await expect(loginPage.error).toHaveText("The email or the password is incorrect.");
  await loginPage.logIn(credentials.email, credentials.password);
  await page.waitForURL((url) => url.pathname === "/");
});

test("a second sign-up with a taken email is answered like a new one, and the form says what to do next", async ({ user, browser, baseURL, clientAddress }) => {
  // Over HTTP: the same status and the same shape as a new email's answer, and no session either way.
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": clientAddress } });
  const taken = await client.post("/api/auth/sign-up/email", { data: { ...newCredentials(), email: user.email }, headers: { origin: baseURL ?? "" } });
  const fresh = await client.post("/api/auth/sign-up/email", { data: newCredentials(), headers: { origin: baseURL ?? "" } });
  expect(taken.status()).toBe(200);
  expect(fresh.status()).toBe(200);
  const shapeOf = (body: { token: unknown; user: Record<string, unknown> }) => ({ token: body.token, user: Object.keys(body.user).sort() });
  expect(shapeOf(await taken.json())).toEqual(shapeOf(await fresh.json()));
  expect(taken.headers()["set-cookie"]).toBeUndefined();
  expect(fresh.headers()["set-cookie"]).toBeUndefined();
  await client.dispose();

  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
  const page = await context.newPage();
  await page.goto("/signup");
  await page.getByTestId("signup-email").fill(user.email);
  await page.getByTestId("signup-password").fill("another-long-passphrase-41");
  await page.getByTestId("signup-submit").click();
  await expect(page.getByTestId("signup-error")).toHaveText(
    "The account could not be opened with this email and password. If you signed up with this email before, log in with that password.",
  );
  await expect(page).toHaveURL(/\/signup$/);
  await context.close();
});

test("redirects every signed-out page to /login", async ({ page }) => {
  for (const path of protectedPaths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByTestId("login-form")).toBeVisible();
  }
});

test("shows a signed-out visitor what Palestra is at /, with the way in", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("landing")).toContainText("A fitness coach you host yourself");
  await page.getByTestId("landing-signup").click();
  await expect(page).toHaveURL(/\/signup$/);
});

test("answers a missing page with a localized 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Page not found");
  await page.getByTestId("language-pt").click();
  await expect(page.getByTestId("not-found")).toContainText("Página não encontrada");
});

test("answers signed-out downloads with 401", async ({ request }) => {
  for (const path of ["/measurements/export?format=csv", "/measurements/export?format=json", "/account/export"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(401);
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
});

test("route handlers accept the signed session token as a bearer token, and nothing else", async ({ baseURL, clientAddress }) => {
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": clientAddress } });
  const credentials = newCredentials("api");
  const signUp = await client.post("/api/auth/sign-up/email", { data: credentials, headers: { origin: baseURL ?? "" } });
  expect(signUp.headers()["cache-control"]).toContain("no-store");
  const signIn = await client.post("/api/auth/sign-in/email", { data: credentials, headers: { origin: baseURL ?? "" } });
  const token = signIn.headers()["set-auth-token"] ?? "";
  // The bare token of the JSON body (what the session table stores) is not enough: the signature must come with it.
  const { token: bareToken } = (await signIn.json()) as { token: string };
  expect(token.startsWith(`${bareToken}.`)).toBe(true);
  // A context without the cookie: only the Authorization header identifies the caller.
  const cookieless = await playwrightRequest.newContext({ baseURL });
  expect((await cookieless.get("/account/export", { headers: { authorization: `Bearer ${bareToken}` } })).status()).toBe(401);
  const withToken = await cookieless.get("/account/export", { headers: { authorization: `Bearer ${token}` } });
  expect(withToken.status()).toBe(200);
  expect(((await withToken.json()) as { user: { email: string } }).user.email).toBe(credentials.email);
  const withForgedToken = await cookieless.get("/account/export", { headers: { authorization: `Bearer ${token.slice(0, -2)}xx` } });
  expect(withForgedToken.status()).toBe(401);
  await client.dispose();
  await cookieless.dispose();
});

test.describe("sign-in rate limit", () => {
  const attempt = (request: import("@playwright/test").APIRequestContext, baseURL: string, email: string) =>
    request.post("/api/auth/sign-in/email", { data: { email, password: "wrong-password" }, headers: { origin: baseURL } });

  test("answers 429 with Retry-After after 10 attempts in a minute from one address, and only for that address", async ({
    request,
    baseURL,
    user,
    loginPage,
    page,
  }) => {
    // The fixture's own sign-in after sign-up (sign-up opens no session) was the first of the address's 10 attempts.
    for (let index = 2; index <= 10; index += 1) {
      expect((await attempt(request, baseURL ?? "", user.email)).status(), `attempt ${index}`).toBe(401);
    }
    const limited = await attempt(request, baseURL ?? "", user.email);
    expect(limited.status()).toBe(429);
    const retryAfter = Number(limited.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The right password is refused too while the address is limited, and the form says why.
    await page.context().clearCookies();
    await loginPage.goto();
    await loginPage.logIn(user.email, user.password);
    await expect(loginPage.error).toContainText("Too many attempts from this address. Try again in");

    const otherAddress = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
    expect((await attempt(otherAddress, baseURL ?? "", user.email)).status()).toBe(401);
    await otherAddress.dispose();
  });

  test("counts attempts by the socket address when no proxy sets X-Forwarded-For (plain next start)", async ({ baseURL }) => {
    // No extra headers: Next.js fills X-Forwarded-For from the TCP connection, 127.0.0.1 here.
    const direct = await playwrightRequest.newContext({ baseURL });
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) statuses.push((await attempt(direct, baseURL ?? "", "nobody@example.test")).status());
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    await direct.dispose();
  });
});
