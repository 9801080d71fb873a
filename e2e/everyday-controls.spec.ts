// The small everyday controls: menus close on Escape and on a press outside and give focus back to their button; the
// date picker stops at today; revoking an API key asks first; the same password is refused with its reason.
import { viewports } from "./every-page";
import { daysAgo, expect, test } from "./fixtures";
import { AccountSettings } from "./pages/account-settings";

test("the phone header menu closes on Escape and on a press outside, and focus returns to Menu", async ({ page, user }) => {
  void user;
  await page.setViewportSize(viewports.phone);
  await page.goto("/measurements");
  const menu = page.getByTestId("menu-button");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("nav-account")).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("nav-account")).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("nav-account")).toBeHidden();
});

test("the conversation ⋯ menu closes on Escape and on a press outside, and focus returns to ⋯", async ({ page, user, baseURL }) => {
  void user;
  await page.setViewportSize(viewports.desktop);
  const started = await page.request.post("/api/v1/chat", { data: { message: "Hello" }, headers: { origin: baseURL ?? "" } });
  expect(started.status(), await started.text()).toBe(200);
  await page.goto("/");
  const item = page.getByTestId("conversation-item").first();
  const more = item.getByTestId("conversation-menu");
  await more.click();
  await expect(item.getByTestId("conversation-rename")).toBeVisible();
  await item.getByTestId("conversation-rename").focus();
  await page.keyboard.press("Escape");
  await expect(item.getByTestId("conversation-rename")).toHaveCount(0);
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await expect(more).toBeFocused();

  await more.click();
  await expect(item.getByTestId("conversation-rename")).toBeVisible();
  await page.locator("#conversations-title").click();
  await expect(item.getByTestId("conversation-rename")).toHaveCount(0);
  // A press inside the menu still works: it is not taken for a press outside.
  await more.click();
  await item.getByTestId("conversation-rename").click();
  await expect(item.getByTestId("conversation-rename-input")).toBeVisible();
});

test("the date picker offers no day after today", async ({ page, user, measurementsPage }) => {
  void user;
  await measurementsPage.goto();
  const today = await page.evaluate(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  });
  expect([daysAgo(0), daysAgo(1)]).toContain(today);
  await expect(measurementsPage.addForm.getByTestId("measurement-input-date")).toHaveAttribute("max", today);
});

test("revoking an API key asks first, and Keep keeps it", async ({ page, user }) => {
  void user;
  const settings = new AccountSettings(page);
  await page.goto("/account");
  await settings.createKey("Scale sync", "read");
  await page.reload();
  await settings.keys.first().getByTestId("api-key-revoke").click();
  await expect(settings.keys.first()).toContainText("Revoke “Scale sync”? Anything using it stops working at once.");
  await expect(settings.keys.first().getByTestId("api-key-revoke-confirm")).toBeFocused();
  await settings.keys.first().getByTestId("api-key-revoke-keep").click();
  await expect(settings.keys).toHaveCount(1);
  await expect(settings.keysStatus).toHaveText("");

  await settings.keys.first().getByTestId("api-key-revoke").click();
  await settings.keys.first().getByTestId("api-key-revoke-confirm").click();
  await expect(settings.keysStatus).toHaveText("Key “Scale sync” revoked: it no longer works.");
  await expect(page.getByTestId("api-keys-empty")).toBeVisible();
});

test("changing the password to the same password is refused with the reason", async ({ page, user }) => {
  const settings = new AccountSettings(page);
  await page.goto("/account");
  await settings.changePassword({ current: user.password, next: user.password });
  await expect(settings.passwordError).toHaveText("The new password is the same as the current one. Choose a different one; nothing was changed.");
  await expect(settings.passwordStatus).toHaveText("");
});
