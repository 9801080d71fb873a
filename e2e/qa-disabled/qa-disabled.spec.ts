// The same build started with PALESTRA_QA=0 and without PALESTRA_TRUST_PROXY, as `npm start` runs by default. Its
// sign-in limit counts the TCP connection's address, which every test here shares, and the sign-up fixture signs in
// (sign-up opens no session): the tests run in order, so the limit test knows what its window already holds.
import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "../coach-fixtures";
import { newClientAddress } from "../credentials";

test.describe.configure({ mode: "serial" });
test.use({ coachProvider: "openai" });

test("answers /qa with 404 and shows no QA link when QA is disabled", async ({ page, user, chatPage, appHeader }) => {
  void user;
  const response = await page.goto("/qa");
  expect(response?.status()).toBe(404);
  await chatPage.goto();
  await expect(appHeader.link("qa")).toHaveCount(0);
  await expect(appHeader.link("coach")).toBeVisible();
  await expect(page.getByTestId("qa-banner")).toHaveCount(0);
  // Only QA may pick another provider by header: this server keeps its configured one.
  await expect(page.getByTestId("trust-statement")).toHaveAttribute("data-provider", "offline");
  await expect(page.getByTestId("trust-built-in")).toBeVisible();
});

test("a client's own X-Forwarded-For does not reset the sign-in limit: 10 attempts, then 429 whatever address it claims", async ({ baseURL }) => {
  const client = await playwrightRequest.newContext({ baseURL });
  const statuses: number[] = [];
  for (let index = 0; index < 11; index += 1) {
    const attempt = await client.post("/api/auth/sign-in/email", {
      data: { email: "nobody@example.test", password: "wrong-password" },
      headers: { origin: baseURL ?? "", "x-forwarded-for": newClientAddress() },
    });
    statuses.push(attempt.status());
  }
  // The test above signed in once from the same address, less than a minute ago unless the machine was very slow.
  const firstRefused = statuses.indexOf(429);
  expect([9, 10], JSON.stringify(statuses)).toContain(firstRefused);
  expect(
    statuses.slice(0, firstRefused).every((status) => status === 401),
    JSON.stringify(statuses),
  ).toBe(true);
  expect(
    statuses.slice(firstRefused).every((status) => status === 429),
    JSON.stringify(statuses),
  ).toBe(true);
  await client.dispose();
});

test("answers /api/metrics with 404 when no METRICS_TOKEN is set and METRICS_PUBLIC is off (npm start's default)", async ({ request }) => {
  const response = await request.get("/api/metrics");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
  expect(await response.text()).not.toContain("nodejs_version");
});
