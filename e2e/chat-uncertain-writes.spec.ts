// Uncertain saves in the chat: nothing is retried by itself; the user checks by idempotency key and, only when it was
// not saved (or the storage refused it before committing), saves it once with the same key. The card says one thing
// per state, and once the save is made the whole turn shows it.
import { expect, seedWeight, test } from "./coach-fixtures";

test("lost_ack: the save is unconfirmed, the check finds it saved, and the table holds exactly one record", async ({
  page,
  user,
  chatPage,
  qaPage,
  measurementsPage,
}, testInfo) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "lost_ack", target: "write", count: 1 });
  await chatPage.goto();
  const turn = await chatPage.ask("Save weight 77.4 kg for 2020-01-04");
  expect(await chatPage.chipCodes(turn)).toEqual([["save_measurement", "outcome_unknown"]]);
  await expect(chatPage.outcome(turn)).toHaveAttribute("data-outcome", "stopped_outcome_unknown");
  await expect(chatPage.reply(turn)).toContainText("I could not confirm whether the measurement for 4 January 2020 was saved. I did not try again");
  await expect(chatPage.writeBadge(turn)).toHaveText("unconfirmed");
  await expect(chatPage.saveNowButton(turn)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("chat-unconfirmed.png"), fullPage: true });

  await chatPage.checkSavedButton(turn).click();
  await expect(chatPage.writeBadge(turn)).toHaveText("saved");
  await expect(chatPage.writeMessage(turn)).toHaveText("It was saved. Nothing else to do.");
  await expect(chatPage.saveNowButton(turn)).toHaveCount(0);

  // The conversation records the resolution; the address names the conversation, so a reload replays it.
  await expect(page).toHaveURL(/\/\?c=[\w-]+$/);
  await page.reload();
  await expect(chatPage.writeBadge(chatPage.lastTurn)).toHaveAttribute("data-state", "saved");

  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.cell("2020-01-04", "weight_kg")).toHaveText("77.4");
});

test("fail_before_commit: the card says not saved and offers Save it now, which stores it exactly once and updates the whole turn", async ({
  page,
  user,
  chatPage,
  qaPage,
  measurementsPage,
}) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "fail_before_commit", target: "write", count: 1 });
  await chatPage.goto();
  const turn = await chatPage.ask("Save weight 77.9 kg for 2020-01-05");
  expect(await chatPage.chipCodes(turn)).toEqual([["save_measurement", "write_failed"]]);
  await expect(chatPage.outcome(turn)).toHaveAttribute("data-outcome", "stopped_write_failed");
  // Known not saved (rolled back before commit): one message and one button that agree, no "check whether it was saved".
  await expect(chatPage.writeBadge(turn)).toHaveText("not saved");
  await expect(chatPage.writeMessage(turn)).toHaveText("Nothing was stored. You can save it now: it will be stored at most once.");
  await expect(chatPage.checkSavedButton(turn)).toHaveCount(0);
  await expect(turn.getByTestId("reply-update")).toHaveCount(0);
  await chatPage.saveNowButton(turn).click();
  await expect(chatPage.writeBadge(turn)).toHaveAttribute("data-state", "saved");
  await expect(chatPage.writeMessage(turn)).toHaveText("Saved now.");
  await expect(chatPage.saveNowButton(turn)).toHaveCount(0);
  // The whole card follows: the reply is marked as written before the save, the chip and the status say saved.
  await expect(turn).toHaveAttribute("data-resolution", "saved");
  await expect(turn.getByTestId("reply-update")).toContainText("the measurement was saved afterwards");
  await expect(chatPage.chips(turn).first()).toHaveAttribute("data-resolution", "saved");
  await expect(chatPage.outcome(turn)).toContainText("Saved later, when you asked");

  await page.reload();
  await expect(chatPage.writeBadge(chatPage.lastTurn)).toHaveAttribute("data-state", "saved");
  await expect(chatPage.lastTurn).toHaveAttribute("data-resolution", "saved");
  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.cell("2020-01-05", "weight_kg")).toHaveText("77.9");
});

test("a save that timed out and was not stored is saved once by Save it now, even when clicked twice", async ({ user, chatPage, qaPage, measurementsPage }) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "timeout", target: "write", count: 1 });
  await chatPage.goto();
  const turn = await chatPage.ask("Save weight 71.5 kg for 2020-01-11");
  expect(await chatPage.chipCodes(turn)).toEqual([["save_measurement", "outcome_unknown"]]);
  await chatPage.checkSavedButton(turn).click();
  await expect(chatPage.writeBadge(turn)).toHaveAttribute("data-state", "not_saved");
  await chatPage.saveNowButton(turn).dblclick();
  await expect(chatPage.writeBadge(turn)).toHaveAttribute("data-state", "saved");
  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.cell("2020-01-11", "weight_kg")).toHaveText("71.5");
});

test("a save whose re-run meets another stored value is shown, and stored, as refused rather than saved", async ({
  page,
  user,
  chatPage,
  qaPage,
  measurementsPage,
}) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "fail_before_commit", target: "write", count: 1 });
  await chatPage.goto();
  const turn = await chatPage.ask("Save weight 77.9 kg for 2020-01-06");
  expect(await chatPage.chipCodes(turn)).toEqual([["save_measurement", "write_failed"]]);
  await expect(page).toHaveURL(/\/\?c=[\w-]+$/);
  const conversationId = chatPage.conversationId() ?? "";

  // Meanwhile another value is stored for that date, so running the same save again is a conflict.
  await seedWeight(measurementsPage, "2020-01-06", "80");
  await chatPage.goto(conversationId);
  const replayed = chatPage.lastTurn;
  await expect(chatPage.writeBadge(replayed)).toHaveAttribute("data-state", "not_saved");
  await chatPage.saveNowButton(replayed).click();
  await expect(chatPage.writeBadge(replayed)).toHaveAttribute("data-state", "refused");
  await expect(chatPage.writeBadge(replayed)).toHaveText("refused");
  await expect(chatPage.writeMessage(replayed)).toContainText("It could not be saved:");
  await expect(chatPage.saveNowButton(replayed)).toHaveCount(0);
  await expect(chatPage.checkSavedButton(replayed)).toHaveCount(0);

  await page.reload();
  await expect(chatPage.writeBadge(chatPage.lastTurn)).toHaveAttribute("data-state", "refused");
  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.cell("2020-01-06", "weight_kg")).toHaveText("80");
});
