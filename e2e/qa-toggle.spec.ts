// The QA fault toggle: arm and clear your own faults; a banner on every page while one is armed.
import { expect, test } from "./coach-fixtures";

test("arms faults with a count or until cleared, shows the banner on every page, and clears them", async ({
  page,
  user,
  qaPage,
  chatPage,
  appHeader,
  signInAnotherUser,
}, testInfo) => {
  void user;
  await qaPage.goto();
  await expect(appHeader.link("qa")).toHaveAttribute("aria-current", "page");
  await expect(qaPage.banner).toHaveCount(0);
  await qaPage.arm({ mode: "lost_ack", target: "write", count: 1 });
  await qaPage.arm({ mode: "slow", target: "read" });
  await expect(qaPage.armedFaults.nth(0)).toHaveAttribute("data-remaining", "1");
  await expect(qaPage.armedFaults.nth(1)).toHaveAttribute("data-remaining", "");
  await expect(qaPage.banner).toContainText("lost_ack · write · 1 attempt left; slow · read · until cleared");
  await page.screenshot({ path: testInfo.outputPath("qa.png"), fullPage: true });

  for (const path of ["/", "/measurements", "/traces", "/metrics", "/account"]) {
    await page.goto(path);
    await expect(qaPage.banner, path).toBeVisible();
  }

  // Faults are per account: another user sees no banner.
  const other = await signInAnotherUser();
  await other.page.goto("/");
  await expect(other.page.getByTestId("chat-input")).toBeVisible();
  await expect(other.page.getByTestId("qa-banner")).toHaveCount(0);

  // A counted fault is used up by the save it hit; the banner then lists only the other one.
  await chatPage.goto();
  await chatPage.ask("Save weight 75.5 kg for 2020-02-01");
  await expect(qaPage.banner).not.toContainText("lost_ack");
  await expect(qaPage.banner).toContainText("slow · read · until cleared");

  await qaPage.goto();
  await expect(qaPage.armedFaults).toHaveCount(1);
  await page.getByTestId("qa-clear-slow").click();
  await expect(page.getByTestId("qa-none-armed")).toBeVisible();
  await expect(qaPage.banner).toHaveCount(0);
});
