// Trace times are shown in the reader's own time zone (the browser's), not the server's.
import { formatInstant } from "@/lib/i18n/format";
import { expect, test } from "./coach-fixtures";

test.use({ timezoneId: "Pacific/Kiritimati" });

test("the traces list shows each turn's time in the browser's zone", async ({ user, chatPage, tracesPage, page }) => {
  void user;
  await chatPage.goto();
  const turn = await chatPage.ask("What did I weigh on 2020-03-05?");
  const turnId = (await turn.getAttribute("data-turn-id")) ?? "";
  await tracesPage.goto();
  const time = tracesPage.row(turnId).locator(".turn-item-time time");
  await expect(time).toHaveAttribute("data-time-zone", "Pacific/Kiritimati");
  const iso = (await time.getAttribute("datetime")) ?? "";
  // Written as the pages write instants in English, in the browser's zone, never the server's (UTC here).
  const expected = formatInstant(iso, "en", "Pacific/Kiritimati", { seconds: true });
  expect(expected).not.toBe(formatInstant(iso, "en", "UTC", { seconds: true }));
  await expect(time).toHaveText(expected);
  void page;
});
