// The chat with the offline Coach: the seeds' case study, live progress, keyboard use, replay, languages.
import { formatInstantDate } from "@/lib/i18n/format";
import { caseStudyQuestion, expect, seedWeight, test } from "./coach-fixtures";

test("runs the seeds' case study: chips show not_found then ok, and the answer shows 76 kg", async ({ page, user, chatPage, measurementsPage }, testInfo) => {
  void user;
  await seedWeight(measurementsPage, "2020-01-01", "76");
  await chatPage.goto();
  // The built-in coach is no AI: it is named as such, never "offline", and no model is named.
  await expect(chatPage.trustStatement).not.toContainText("AI assistant");
  await expect(page.getByTestId("trust-built-in")).toHaveText(
    "Answers come from the built-in coach (no AI model): it follows fixed rules and understands a small set of requests about your measurements.",
  );
  await expect(chatPage.trustStatement).toHaveAttribute("data-provider", "offline");
  await expect(page.getByTestId("trust-provider")).toHaveCount(0);
  await expect(page.getByTestId("trust-medical")).toHaveText(/does not give medical advice/);

  const turn = await chatPage.ask(caseStudyQuestion);
  expect(await chatPage.chipCodes(turn)).toEqual([
    ["read_measurement", "not_found"],
    ["read_measurement", "ok"],
  ]);
  await expect(chatPage.chips(turn).nth(0).getByTestId("tool-chip-arguments")).toHaveText("2020-01-02");
  await expect(chatPage.chips(turn).nth(1).getByTestId("tool-chip-arguments")).toHaveText("2020-01-01");
  await expect(chatPage.reply(turn)).toContainText("76 kg");
  await expect(chatPage.outcome(turn)).toHaveAttribute("data-outcome", "answered");
  // The built-in coach is no model: its rounds are steps.
  await expect(chatPage.outcome(turn)).toContainText("3 steps");
  // Tools, provider and request counts are developer detail: present, one click away, not in front of everyone.
  await expect(chatPage.outcome(turn)).toBeHidden();
  await chatPage.openDetails(turn);
  await expect(chatPage.outcome(turn)).toBeVisible();
  await expect(page).toHaveURL(/\/\?c=[\w-]+$/);

  // Expanding a chip shows exactly what the model received for that call.
  const received = await chatPage.chipOutcome(chatPage.chips(turn).nth(0));
  expect(received).toMatchObject({ kind: "tool_error", is_error: true, error: "not_found", recovery: "choose_alternative", recoverable: true });
  await page.screenshot({ path: testInfo.outputPath("chat.png"), fullPage: true });
  await testInfo.attach("chat", { path: testInfo.outputPath("chat.png"), contentType: "image/png" });
});

test("shows a running chip and keeps typing possible while a turn runs; Send comes back and focus returns to the input", async ({
  page,
  user,
  chatPage,
  qaPage,
}) => {
  void user;
  // A write that hangs until the tool deadline (5 s) keeps the turn running long enough to watch it.
  await qaPage.goto();
  await qaPage.arm({ mode: "timeout", target: "write", count: 1 });
  await chatPage.goto();
  await chatPage.input.fill("Save weight 70.2 kg for 2020-01-09");
  await chatPage.input.press("Enter");

  const runningChip = page.locator('[data-testid="tool-chip"][data-status="running"]');
  await expect(runningChip).toHaveAttribute("data-tool", "save_measurement");
  await expect(runningChip.getByTestId("tool-chip-arguments")).toHaveText("2020-01-09 · weight_kg 70.2");
  await expect(chatPage.lastTurn).toHaveAttribute("data-state", "running");
  await expect(chatPage.sendButton).toBeDisabled();
  await expect(chatPage.stopWaitingButton).toBeVisible();
  await expect(chatPage.input).toBeEditable();
  await chatPage.input.pressSequentially("next question");

  await chatPage.waitForTurnEnd();
  expect(await chatPage.chipCodes()).toEqual([["save_measurement", "outcome_unknown"]]);
  await expect(chatPage.outcome()).toHaveAttribute("data-outcome", "stopped_outcome_unknown");
  await expect(chatPage.writeBadge()).toHaveAttribute("data-state", "unconfirmed");
  await expect(chatPage.sendButton).toBeEnabled();
  await expect(chatPage.stopWaitingButton).toBeHidden();
  await expect(chatPage.input).toBeFocused();
  await expect(chatPage.input).toHaveValue("next question");
  // The address now names the conversation (router.replace lands a moment after the turn ends), and the list shows it.
  await expect(page).toHaveURL(/\?c=[\w-]+$/);
  expect(chatPage.conversationId()).toBeTruthy();
  await expect(chatPage.conversationLinks).toHaveCount(1);
});

test("stops waiting for a slow turn on request; the turn still finishes on the server and shows after a reload", async ({ page, user, chatPage, qaPage }) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "timeout", target: "write", count: 1 });
  await chatPage.goto();
  await chatPage.send("Save weight 70.3 kg for 2020-01-10");
  await expect(page.locator('[data-testid="tool-chip"][data-status="running"]')).toHaveCount(1);
  await chatPage.stopWaitingButton.click();
  await expect(chatPage.lastTurn).toHaveAttribute("data-state", "failed");
  await expect(chatPage.lastTurn.getByTestId("turn-failure")).toHaveAttribute("data-reason", "stopped_waiting");
  await expect(chatPage.sendButton).toBeEnabled();
  await expect(chatPage.input).toBeFocused();

  // The server ends the turn at the tool deadline and stores it; the conversation list then offers it.
  await expect(async () => {
    await page.reload();
    await chatPage.conversationLinks.first().click({ timeout: 1_000 });
    await expect(chatPage.outcome(chatPage.turns.first())).toHaveAttribute("data-outcome", "stopped_outcome_unknown", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  expect(await chatPage.chipCodes(chatPage.turns.first())).toEqual([["save_measurement", "outcome_unknown"]]);
});

test("replays a conversation that holds error outcomes with the same chips after a reload", async ({ page, user, chatPage }) => {
  void user;
  await chatPage.goto();
  const first = await chatPage.ask("Save weight 77.4 kg on the 4th of March 2020");
  const second = await chatPage.ask("What did I weigh on 2020-03-05?");
  const live = [await chatPage.chipCodes(first), await chatPage.chipCodes(second)];
  expect(live).toEqual([
    [
      ["save_measurement", "bad_arguments"],
      ["save_measurement", "ok"],
    ],
    [["read_measurement", "not_found"]],
  ]);
  const replies = [await chatPage.reply(first).textContent(), await chatPage.reply(second).textContent()];

  await page.reload();
  await expect(chatPage.turns).toHaveCount(2);
  expect([await chatPage.chipCodes(chatPage.turns.nth(0)), await chatPage.chipCodes(chatPage.turns.nth(1))]).toEqual(live);
  expect([await chatPage.reply(chatPage.turns.nth(0)).textContent(), await chatPage.reply(chatPage.turns.nth(1)).textContent()]).toEqual(replies);
  const replayed = await chatPage.chipOutcome(chatPage.chips(chatPage.turns.nth(0)).nth(0));
  expect(replayed).toMatchObject({ error: "bad_arguments", recovery: "correct_arguments" });

  // A new conversation starts empty; the old one is one click away.
  await chatPage.newConversationButton.click();
  await expect(page.getByTestId("chat-empty")).toBeVisible();
  await chatPage.conversationLinks.first().click();
  await expect(chatPage.turns).toHaveCount(2);
});

test("corrects a wrong date format and an unknown field after bad_arguments", async ({ user, chatPage, measurementsPage }) => {
  void user;
  await chatPage.goto();
  const dateTurn = await chatPage.ask("Save weight 77.4 kg on the 4th of March 2020");
  expect(await chatPage.chipCodes(dateTurn)).toEqual([
    ["save_measurement", "bad_arguments"],
    ["save_measurement", "ok"],
  ]);
  await expect(chatPage.chips(dateTurn).nth(0).getByTestId("tool-chip-arguments")).toContainText("4th of March 2020");
  const dateProblem = await chatPage.chipOutcome(chatPage.chips(dateTurn).nth(0));
  expect(dateProblem).toMatchObject({ error: "bad_arguments", recovery: "correct_arguments" });
  await expect(chatPage.chips(dateTurn).nth(1).getByTestId("tool-chip-arguments")).toContainText("2020-03-04");

  const fieldTurn = await chatPage.ask("Save weight=80.1kg for 2020-03-06");
  expect(await chatPage.chipCodes(fieldTurn)).toEqual([
    ["save_measurement", "bad_arguments"],
    ["save_measurement", "ok"],
  ]);
  await expect(chatPage.chips(fieldTurn).nth(0).getByTestId("tool-chip-arguments")).toContainText("weight 80.1kg");
  await expect(chatPage.chips(fieldTurn).nth(1).getByTestId("tool-chip-arguments")).toContainText("weight_kg 80.1");
  await expect(chatPage.outcome(fieldTurn)).toHaveAttribute("data-outcome", "answered");

  await measurementsPage.goto();
  await expect(measurementsPage.rows).toHaveCount(2);
  await expect(measurementsPage.value("2020-03-04", "weight_kg")).toHaveText("77.4");
  await expect(measurementsPage.value("2020-03-06", "weight_kg")).toHaveText("80.1");
});

test("speaks the UI language: Spanish labels, and the turn's fixed messages in Spanish", async ({ page, user, chatPage, qaPage, appHeader }) => {
  void user;
  await chatPage.goto();
  await appHeader.chooseLanguage("es");
  await expect(chatPage.sendButton).toHaveText("Enviar");
  await expect(page.getByTestId("trust-medical")).toHaveText(/No da consejo médico/);
  await qaPage.goto();
  await qaPage.arm({ mode: "lost_ack", target: "write", count: 1 });
  await chatPage.goto();
  // An English request: the harness's stop message still follows the UI language sent as the turn's locale.
  const turn = await chatPage.ask("Save weight 77.4 kg for 2020-01-08");
  await expect(chatPage.reply(turn)).toContainText("No pude confirmar si la medida del 8 de enero de 2020 se guardó.");
  await expect(chatPage.checkSavedButton(turn)).toHaveText("Comprobar si se guardó");
  await expect(chatPage.writeBadge(turn)).toHaveText("sin confirmar");
});

test("fits a phone's width: no horizontal scrolling, composer and chips visible", async ({ page, user, chatPage }, testInfo) => {
  void user;
  await page.setViewportSize({ width: 390, height: 844 });
  await chatPage.goto();
  const turn = await chatPage.ask("What did I weigh on 2 January 2020? If there is nothing, try the 1st.");
  await expect(chatPage.chips(turn)).toHaveCount(2);
  // Focus stays in the input after sending, so the composer is where the phone's view is.
  await expect(chatPage.input).toBeFocused();
  await expect(chatPage.input).toBeInViewport();
  await expect(chatPage.sendButton).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("chat-phone.png"), fullPage: true });
});

test("a message over 4,000 characters stays in the box with a counter and a clear refusal; nothing is sent", async ({ user, chatPage, page }) => {
  void user;
  await chatPage.goto();
  await chatPage.input.fill("a".repeat(4_010));
  await expect(page.getByTestId("chat-counter")).toHaveText("4,010 of 4,000 characters");
  await expect(page.getByTestId("chat-too-long")).toHaveText(
    "This message is 10 characters too long (at most 4,000). Shorten it to send it: nothing you typed is lost.",
  );
  await expect(chatPage.sendButton).toBeDisabled();
  await chatPage.input.press("Enter");
  await expect(chatPage.turns).toHaveCount(0);
  await expect(chatPage.input).toHaveValue("a".repeat(4_010));
  await chatPage.input.press("End");
  for (let index = 0; index < 10; index += 1) await chatPage.input.press("Backspace");
  await expect(page.getByTestId("chat-too-long")).toHaveCount(0);
  await expect(chatPage.sendButton).toBeEnabled();
});

test("announces the Coach's reply to screen readers through a live region", async ({ user, chatPage, page }) => {
  void user;
  await chatPage.goto();
  const announcer = page.getByTestId("chat-announcer");
  await expect(announcer).toHaveAttribute("aria-live", "polite");
  const turn = await chatPage.ask("What did I weigh on 2020-03-05?");
  const reply = (await chatPage.reply(turn).textContent()) ?? "";
  expect(reply.length).toBeGreaterThan(0);
  await expect(announcer).toHaveText(`The Coach replied: ${reply}`);
});

test("renames and deletes a conversation, each listed with the date of its last message", async ({ user, chatPage, page }) => {
  void user;
  await chatPage.goto();
  const before = new Date().toISOString();
  await chatPage.ask("What did I weigh on 2020-03-05?");
  await expect(page).toHaveURL(/\?c=[\w-]+$/);
  const conversationId = chatPage.conversationId() ?? "";
  const item = chatPage.conversationItem(conversationId);
  // Today as the page writes it in the browser's zone; the day before or after the turn, should it cross midnight.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const days = [...new Set([before, new Date().toISOString()].map((instant) => formatInstantDate(instant, "en", zone)))];
  await expect(item).toContainText(new RegExp(days.map((day) => day.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")));

  await item.getByTestId("conversation-menu").click();
  await item.getByTestId("conversation-rename").click();
  await item.getByTestId("conversation-rename-input").fill("  March   check ");
  await item.getByTestId("conversation-rename-save").click();
  await expect(item.getByTestId("conversation-link")).toContainText("March check");
  await page.reload();
  await expect(chatPage.conversationItem(conversationId).getByTestId("conversation-link")).toContainText("March check");

  await chatPage.conversationItem(conversationId).getByTestId("conversation-menu").click();
  await chatPage.conversationItem(conversationId).getByTestId("conversation-delete").click();
  await chatPage.conversationItem(conversationId).getByTestId("conversation-delete-confirm").click();
  await expect(page.getByTestId("conversation-notice")).toHaveText("Deleted “March check”.");
  await expect(chatPage.conversationLinks).toHaveCount(0);
  await expect(page.getByTestId("chat-empty")).toBeVisible();
  expect((await page.goto(`/?c=${conversationId}`))?.status()).toBe(404);
});
