// Uncertain saves in the chat: nothing is retried by itself; the user checks by idempotency key and, only when it was
// not saved (or the storage refused it before committing), saves it once with the same key. What the card, the turn's
// status, /traces (list and trace) and the API's turn view say is what happened to THAT save: "your first save did go
// through" when the check found it stored (lost_ack), "it was not saved" when not, "saved now" only when the person's
// Save it now ran a new save (timeout, fail_before_commit).
import type { Page } from "@playwright/test";
import { expect, seedWeight, test } from "./coach-fixtures";
import type { TracesPage } from "./pages/traces-page";

/** The turn as GET /api/v1/turns/:id returns it (the session cookie of `page`). */
async function turnFromApi(page: Page, turnId: string): Promise<{ outcome: string; resolution: string | null; toolCalls: { resolution: string | null }[] }> {
  const response = await page.request.get(`/api/v1/turns/${turnId}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** /traces' row and the turn's trace both show `label` for `resolution`, with the stored outcome kept in small print. */
async function expectTraces(options: { tracesPage: TracesPage; turnId: string; outcome: string; resolution: string; label: string; outcomeLabel: string }) {
  const { tracesPage, turnId, outcome, resolution, label, outcomeLabel } = options;
  await tracesPage.goto();
  const row = tracesPage.row(turnId);
  await expect(row).toHaveAttribute("data-resolution", resolution);
  await expect(row.getByTestId("turn-outcome-badge")).toHaveText(label);
  await expect(row.getByTestId("turn-outcome-badge")).toHaveAttribute("data-outcome", outcome);
  await expect(row.getByTestId("turn-outcome-before")).toHaveText(outcomeLabel);
  await tracesPage.gotoTurn(turnId);
  await expect(tracesPage.summary.getByTestId("turn-outcome-badge")).toHaveText(label);
  await expect(tracesPage.toolCalls.first().getByTestId("trace-tool-resolution")).toHaveText(label);
}

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

const localized = {
  es: {
    firstSave: "Comprobado: tu primer guardado sí se hizo",
    firstSaveMessage: "Tu primer guardado sí se hizo: la medida está guardada, una sola vez. No hay nada más que hacer.",
    firstSaveUpdate: "Actualización: tu primer guardado sí se hizo",
    savedNow: "Guardado ahora, cuando lo pediste",
    savedNowBadge: "guardado ahora",
    savedNowUpdate: "Actualización: guardado ahora, cuando lo pediste.",
    unknownOutcome: "Detenido: resultado desconocido",
    writeFailed: "Detenido: escritura fallida",
  },
  pt: {
    firstSave: "Verificado: o seu primeiro salvamento foi feito",
    firstSaveMessage: "O seu primeiro salvamento foi feito: a medida está guardada, uma única vez. Não há mais nada a fazer.",
    firstSaveUpdate: "Atualização: o seu primeiro salvamento foi feito",
    savedNow: "Salva agora, quando você pediu",
    savedNowBadge: "salvo agora",
    savedNowUpdate: "Atualização: salva agora, quando você pediu.",
    unknownOutcome: "Parado: resultado desconhecido",
    writeFailed: "Parado: gravação falhou",
  },
} as const;

for (const [locale, words] of Object.entries(localized) as [keyof typeof localized, (typeof localized)[keyof typeof localized]][]) {
  test(`in ${locale}: the first save that went through and the save made now read differently on the card and in /traces`, async ({
    page,
    user,
    chatPage,
    qaPage,
    tracesPage,
    appHeader,
  }) => {
    void user;
    await chatPage.goto();
    await appHeader.chooseLanguage(locale);
    await qaPage.goto();
    await qaPage.arm({ mode: "lost_ack", target: "write", count: 1 });
    await chatPage.goto();
    const found = await chatPage.ask("Save weight 77.4 kg for 2020-01-04");
    const foundId = (await found.getAttribute("data-turn-id")) ?? "";
    await chatPage.checkSavedButton(found).click();
    await expect(chatPage.writeBadge(found)).toHaveAttribute("data-state", "saved");
    await expect(chatPage.writeMessage(found)).toHaveText(words.firstSaveMessage);
    await expect(found.getByTestId("reply-update")).toContainText(words.firstSaveUpdate);
    await chatPage.openDetails(found);
    await expect(chatPage.outcome(found)).toContainText(words.firstSave);

    await qaPage.goto();
    await qaPage.arm({ mode: "fail_before_commit", target: "write", count: 1 });
    await chatPage.goto(chatPage.conversationId() ?? undefined);
    const failed = await chatPage.ask("Save weight 77.9 kg for 2020-01-05");
    const failedId = (await failed.getAttribute("data-turn-id")) ?? "";
    await chatPage.saveNowButton(failed).click();
    await expect(chatPage.writeBadge(failed)).toHaveText(words.savedNowBadge);
    await expect(failed.getByTestId("reply-update")).toContainText(words.savedNowUpdate);
    await chatPage.openDetails(failed);
    await expect(chatPage.outcome(failed)).toContainText(words.savedNow);

    await expectTraces({
      tracesPage,
      turnId: foundId,
      outcome: "stopped_outcome_unknown",
      resolution: "saved",
      label: words.firstSave,
      outcomeLabel: words.unknownOutcome,
    });
    await expectTraces({
      tracesPage,
      turnId: failedId,
      outcome: "stopped_write_failed",
      resolution: "saved_now",
      label: words.savedNow,
      outcomeLabel: words.writeFailed,
    });
    void page;
  });
}

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
