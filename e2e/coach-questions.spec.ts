// The built-in coach's questions come with their answers as buttons (offline-coach.md §5), in each language: a
// misspelt date offers its reading and "No", a replace question offers replace and keep. A button sends the same
// words a person could type, so the next turn shows them as the person's message; the buttons work by keyboard.
import type { Locator } from "@playwright/test";
import { expect, test } from "./coach-fixtures";
import type { ChatPage } from "./pages/chat-page";

/** Presses a quick reply of a turn by keyboard (focus, Enter) and waits for the turn it starts. */
async function pressQuickReply(chatPage: ChatPage, turn: Locator, name: string): Promise<Locator> {
  const before = await chatPage.turns.count();
  const button = turn.getByRole("group", { name: /answers|respuestas|respostas/i }).getByRole("button", { name, exact: true });
  await button.focus();
  await button.press("Enter");
  const next = chatPage.turns.nth(before);
  await chatPage.waitForTurnEnd(next);
  return next;
}

const languages = [
  {
    locale: "en" as const,
    misspelt: "I weighed 80 kg on 10 Novmber 2025",
    question: "Did you mean 10 November 2025?",
    yes: "Yes, 10 November 2025",
    saved: "Saved for 10 November 2025: weight 80 kg.",
    first: "Save weight 77.4 kg for 2020-01-04",
    second: "Save weight 78 kg for 2020-01-04",
    replace: "Replace 77.4 → 78 kg",
    keep: "Keep 77.4 kg",
    replaced: "Replaced weight 77.4 kg with 78 kg on 4 January 2020.",
    groupName: "Answers you can send",
  },
  {
    locale: "es" as const,
    misspelt: "pesé 80 kg el 10 de novienbre de 2025",
    question: "¿Quisiste decir el 10 de noviembre de 2025?",
    yes: "Sí, 10 de noviembre de 2025",
    saved: "Guardado para el 10 de noviembre de 2025: peso 80 kg.",
    first: "guarda peso 77,4 kg para el 2020-01-04",
    second: "guarda peso 78 kg para el 2020-01-04",
    replace: "Reemplazar 77,4 → 78 kg",
    keep: "Mantener 77,4 kg",
    replaced: "Reemplacé peso 77,4 kg por 78 kg el 4 de enero de 2020.",
    groupName: "Respuestas que puedes enviar",
  },
  {
    locale: "pt" as const,
    misspelt: "pesei 80 kg em 10 de novmbro de 2025",
    question: "Você quis dizer 10 de novembro de 2025?",
    yes: "Sim, 10 de novembro de 2025",
    saved: "Salvo em 10 de novembro de 2025: peso 80 kg.",
    first: "salve peso 77,4 kg em 2020-01-04",
    second: "salve peso 78 kg em 2020-01-04",
    replace: "Substituir 77,4 → 78 kg",
    keep: "Manter 77,4 kg",
    replaced: "Substituí peso 77,4 kg por 78 kg em 4 de janeiro de 2020.",
    groupName: "Respostas que você pode enviar",
  },
];

for (const language of languages) {
  test(`${language.locale}: a misspelt date is asked about with buttons, and the buttons answer by keyboard`, async ({
    page,
    user,
    chatPage,
    appHeader,
  }, testInfo) => {
    void user;
    await chatPage.goto();
    if (language.locale !== "en") await appHeader.chooseLanguage(language.locale);

    const asked = await chatPage.ask(language.misspelt);
    await expect(chatPage.chips(asked)).toHaveCount(0);
    await expect(chatPage.reply(asked)).toContainText(language.question);
    const group = asked.getByRole("group", { name: language.groupName });
    await expect(group.getByRole("button")).toHaveText([language.yes, language.locale === "pt" ? "Não" : "No"]);
    await page.screenshot({ path: testInfo.outputPath(`coach-question-${language.locale}.png`), fullPage: true });

    const answered = await pressQuickReply(chatPage, asked, language.yes);
    await expect(answered.getByTestId("user-message")).toContainText(language.yes);
    expect(await chatPage.chipCodes(answered)).toEqual([["save_measurement", "ok"]]);
    await expect(chatPage.reply(answered)).toHaveText(language.saved);
    // Only the latest question offers its answers.
    await expect(asked.getByTestId("quick-replies")).toHaveCount(0);

    await chatPage.ask(language.first);
    const conflict = await chatPage.ask(language.second);
    expect(await chatPage.chipCodes(conflict)).toEqual([["save_measurement", "conflict"]]);
    await expect(conflict.getByRole("group", { name: language.groupName }).getByRole("button")).toHaveText([language.replace, language.keep]);
    const replaced = await pressQuickReply(chatPage, conflict, language.replace);
    expect(await chatPage.chipCodes(replaced)).toEqual([["save_measurement", "ok"]]);
    await expect(chatPage.reply(replaced)).toHaveText(language.replaced);
  });
}

test("after a reload the latest question still offers its answers; keep leaves the stored value", async ({ user, chatPage }) => {
  void user;
  await chatPage.goto();
  await chatPage.ask("Save weight 77.4 kg for 2020-01-05");
  await chatPage.ask("Save weight 78 kg for 2020-01-05");
  await chatPage.goto(chatPage.conversationId() ?? undefined);
  const conflict = chatPage.lastTurn;
  await expect(conflict.getByTestId("quick-replies").getByRole("button")).toHaveText(["Replace 77.4 → 78 kg", "Keep 77.4 kg"]);
  // An earlier turn offers nothing.
  await expect(chatPage.turns.first().getByTestId("quick-replies")).toHaveCount(0);
  const kept = await pressQuickReply(chatPage, conflict, "Keep 77.4 kg");
  await expect(chatPage.chips(kept)).toHaveCount(0);
  await expect(chatPage.reply(kept)).toHaveText("OK, I left the stored value as it was.");
});
