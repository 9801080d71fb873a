// Uncertain saves in Spanish and Portuguese: the first save that went through (lost_ack) and a save made now by the
// person (fail_before_commit, then Save it now) read differently on the chat card and in /traces, in their language.
import { expect, test } from "./coach-fixtures";
import { expectTraces } from "./uncertain-write-checks";

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
