// Uncertain saves in the chat: nothing is retried by itself; the user checks by idempotency key and, only when it was
// not saved (or the storage refused it before committing), saves it once with the same key. What the card, the turn's
// status, /traces (list and trace) and the API's turn view say is what happened to THAT save: "your first save did go
// through" when the check found it stored (lost_ack), "it was not saved" when not, "saved now" only when the person's
// Save it now ran a new save (timeout, fail_before_commit).
import { expect, seedWeight, test } from "./coach-fixtures";
import { expectTraces, turnFromApi } from "./uncertain-write-checks";

test("lost_ack: the check finds the first save stored, and every surface says the first save did go through, never a later save", async ({
  page,
  user,
  chatPage,
  qaPage,
  tracesPage,
  measurementsPage,
}, testInfo) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "lost_ack", target: "write", count: 1 });
  await chatPage.goto();
  const turn = await chatPage.ask("Save weight 77.4 kg for 2020-01-04");
  const turnId = (await turn.getAttribute("data-turn-id")) ?? "";
  expect(await chatPage.chipCodes(turn)).toEqual([["save_measurement", "outcome_unknown"]]);
  await expect(chatPage.outcome(turn)).toHaveAttribute("data-outcome", "stopped_outcome_unknown");
  await expect(chatPage.reply(turn)).toContainText("I could not confirm whether the measurement for 4 January 2020 was saved. I did not try again");
  await expect(chatPage.writeBadge(turn)).toHaveText("unconfirmed");
  await expect(chatPage.saveNowButton(turn)).toHaveCount(0);
  expect(await turnFromApi(page, turnId)).toMatchObject({ outcome: "stopped_outcome_unknown", resolution: null, toolCalls: [{ resolution: null }] });
  await page.screenshot({ path: testInfo.outputPath("chat-unconfirmed.png"), fullPage: true });

  await chatPage.checkSavedButton(turn).click();
  await expect(chatPage.writeBadge(turn)).toHaveAttribute("data-state", "saved");
  await expect(chatPage.writeBadge(turn)).toHaveText("saved");
  await expect(chatPage.writeMessage(turn)).toHaveText("Your first save did go through: the measurement is stored, once. Nothing else to do.");
  await expect(chatPage.saveNowButton(turn)).toHaveCount(0);
  await expect(turn).toHaveAttribute("data-resolution", "saved");
  await expect(turn.getByTestId("reply-update")).toHaveText(
    "Update: your first save did go through: the check found it stored. The Coach's message below was written before that was known.",
  );
  await chatPage.openDetails(turn);
  await expect(chatPage.outcome(turn)).toContainText("Checked: your first save did go through");
  await expect(chatPage.chips(turn).first()).toHaveAttribute("data-resolution", "saved");
  // Nothing on the card speaks of a later save or a save made now: none ran.
  for (const said of [
    turn.getByTestId("reply-update"),
    turn.getByTestId("write-resolution"),
    chatPage.outcome(turn),
    chatPage.chips(turn).getByTestId("tool-chip-status"),
  ]) {
    await expect(said).not.toContainText(/afterwards|later|saved now/i);
  }
  await page.screenshot({ path: testInfo.outputPath("chat-first-save-went-through.png"), fullPage: true });

  // The conversation records the resolution; the address names the conversation, so a reload replays it.
  await expect(page).toHaveURL(/\/\?c=[\w-]+$/);
  await page.reload();
  await expect(chatPage.writeBadge(chatPage.lastTurn)).toHaveAttribute("data-state", "saved");
  await expect(chatPage.lastTurn.getByTestId("reply-update")).toContainText("your first save did go through");

  await expectTraces({
    tracesPage,
    turnId,
    outcome: "stopped_outcome_unknown",
    resolution: "saved",
    label: "Checked: your first save did go through",
    outcomeLabel: "Stopped: outcome unknown",
  });
  expect(await turnFromApi(page, turnId)).toMatchObject({ outcome: "stopped_outcome_unknown", resolution: "saved", toolCalls: [{ resolution: "saved" }] });

  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.value("2020-01-04", "weight_kg")).toHaveText("77.4");
});

test("timeout: the check says it was not saved, and only Save it now's new save is called saved now, everywhere", async ({
  page,
  user,
  chatPage,
  qaPage,
  tracesPage,
  measurementsPage,
}) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "timeout", target: "write", count: 1 });
  await chatPage.goto();
  const turn = await chatPage.ask("Save weight 71.5 kg for 2020-01-11");
  const turnId = (await turn.getAttribute("data-turn-id")) ?? "";
  expect(await chatPage.chipCodes(turn)).toEqual([["save_measurement", "outcome_unknown"]]);
  await chatPage.checkSavedButton(turn).click();
  await expect(chatPage.writeBadge(turn)).toHaveAttribute("data-state", "not_saved");
  await expect(chatPage.writeMessage(turn)).toHaveText("It was not saved. You can save it now: it will be stored at most once.");
  await expect(turn.getByTestId("reply-update")).toHaveCount(0);
  await chatPage.openDetails(turn);
  await expect(chatPage.outcome(turn)).toContainText("Checked: it was not saved");
  const conversationId = chatPage.conversationId() ?? "";
  await expectTraces({
    tracesPage,
    turnId,
    outcome: "stopped_outcome_unknown",
    resolution: "not_saved",
    label: "Checked: it was not saved",
    outcomeLabel: "Stopped: outcome unknown",
  });
  expect(await turnFromApi(page, turnId)).toMatchObject({ resolution: "not_saved", toolCalls: [{ resolution: "not_saved" }] });

  await chatPage.goto(conversationId);
  const replayed = chatPage.lastTurn;
  // Clicked twice: the key stores it once.
  await chatPage.saveNowButton(replayed).dblclick();
  await expect(chatPage.writeBadge(replayed)).toHaveAttribute("data-state", "saved_now");
  await expect(chatPage.writeBadge(replayed)).toHaveText("saved now");
  await expect(chatPage.writeMessage(replayed)).toHaveText("Saved now, when you asked: the measurement is stored, once.");
  await expect(replayed.getByTestId("reply-update")).toHaveText("Update: saved now, when you asked. The Coach's message below was written before that.");
  await expectTraces({
    tracesPage,
    turnId,
    outcome: "stopped_outcome_unknown",
    resolution: "saved_now",
    label: "Saved now, when you asked",
    outcomeLabel: "Stopped: outcome unknown",
  });
  expect(await turnFromApi(page, turnId)).toMatchObject({ resolution: "saved_now", toolCalls: [{ resolution: "saved_now" }] });
  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.value("2020-01-11", "weight_kg")).toHaveText("71.5");
});

test("fail_before_commit: the card says not saved and offers Save it now, which stores it exactly once and is called saved now everywhere", async ({
  page,
  user,
  chatPage,
  qaPage,
  tracesPage,
  measurementsPage,
}) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "fail_before_commit", target: "write", count: 1 });
  await chatPage.goto();
  const turn = await chatPage.ask("Save weight 77.9 kg for 2020-01-05");
  const turnId = (await turn.getAttribute("data-turn-id")) ?? "";
  expect(await chatPage.chipCodes(turn)).toEqual([["save_measurement", "write_failed"]]);
  await expect(chatPage.outcome(turn)).toHaveAttribute("data-outcome", "stopped_write_failed");
  // Known not saved (rolled back before commit): one message and one button that agree, no "check whether it was saved".
  await expect(chatPage.writeBadge(turn)).toHaveText("not saved");
  await expect(chatPage.writeMessage(turn)).toHaveText("Nothing was stored. You can save it now: it will be stored at most once.");
  await expect(chatPage.checkSavedButton(turn)).toHaveCount(0);
  await expect(turn.getByTestId("reply-update")).toHaveCount(0);
  expect(await turnFromApi(page, turnId)).toMatchObject({ outcome: "stopped_write_failed", resolution: null, toolCalls: [{ resolution: null }] });
  await chatPage.saveNowButton(turn).click();
  await expect(chatPage.writeBadge(turn)).toHaveAttribute("data-state", "saved_now");
  await expect(chatPage.writeMessage(turn)).toHaveText("Saved now, when you asked: the measurement is stored, once.");
  await expect(chatPage.saveNowButton(turn)).toHaveCount(0);
  // The whole card follows: the reply is marked as written before the save, the chip and the status say saved now.
  await expect(turn).toHaveAttribute("data-resolution", "saved_now");
  await expect(turn.getByTestId("reply-update")).toContainText("Update: saved now, when you asked.");
  await expect(chatPage.chips(turn).first()).toHaveAttribute("data-resolution", "saved_now");
  await chatPage.openDetails(turn);
  await expect(chatPage.outcome(turn)).toContainText("Saved now, when you asked");

  await page.reload();
  await expect(chatPage.writeBadge(chatPage.lastTurn)).toHaveAttribute("data-state", "saved_now");
  await expect(chatPage.lastTurn).toHaveAttribute("data-resolution", "saved_now");
  await expectTraces({
    tracesPage,
    turnId,
    outcome: "stopped_write_failed",
    resolution: "saved_now",
    label: "Saved now, when you asked",
    outcomeLabel: "Stopped: write failed",
  });
  expect(await turnFromApi(page, turnId)).toMatchObject({ resolution: "saved_now", toolCalls: [{ resolution: "saved_now" }] });
  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.value("2020-01-05", "weight_kg")).toHaveText("77.9");
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
  await expect(measurementsPage.value("2020-01-06", "weight_kg")).toHaveText("80");
});
