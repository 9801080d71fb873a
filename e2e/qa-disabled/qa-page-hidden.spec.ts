// The same build started with PALESTRA_QA=0: no QA page, no QA link, and the provider header is ignored.
import { expect, test } from "../coach-fixtures";

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
  await expect(page.getByTestId("trust-provider")).toHaveText("offline");
});
