// The offline coach through the chat page, in each language: units converted by the tool, signs kept, dates it cannot
// use refused in plain words, a confirmation only for the question just asked, progress from the tool's records.
import { expect, test } from "./coach-fixtures";

const noJargon = /weight_kg|waist_cm|received:|min:|"error"|\{/;

test("English: pounds are converted by the tool, a negative weight and a day that does not exist are refused, delete points to the Measurements page", async ({
  page,
  user,
  chatPage,
  measurementsPage,
}, testInfo) => {
  void user;
  await chatPage.goto();
  const pounds = await chatPage.ask("I weighed 170 lb on 2020-11-20");
  expect(await chatPage.chipCodes(pounds)).toEqual([["save_measurement", "ok"]]);
  await expect(chatPage.reply(pounds)).toHaveText("Saved for 20 November 2020: weight 170 lb (77.1 kg).");

  const negative = await chatPage.ask("I weigh -80 kg on 2020-11-24");
  expect(await chatPage.chipCodes(negative)).toEqual([["save_measurement", "bad_arguments"]]);
  await expect(chatPage.reply(negative)).toHaveText("Weight must be between 20 and 400 kg; you sent -80 kg. Nothing was saved.");

  const impossible = await chatPage.ask("I weighed 77 kg on 31 November 2026");
  await expect(chatPage.chips(impossible)).toHaveCount(0);
  await expect(chatPage.reply(impossible)).toContainText('"31 November 2026" is not a date that exists');

  const remove = await chatPage.ask("delete my weight from 2020-11-20");
  await expect(chatPage.chips(remove)).toHaveCount(0);
  await expect(chatPage.reply(remove)).toContainText("You can delete a record on the Measurements page.");
  for (const turn of [pounds, negative, impossible, remove]) await expect(chatPage.reply(turn)).not.toHaveText(noJargon);
  await page.screenshot({ path: testInfo.outputPath("offline-coach-en-desktop.png"), fullPage: true });

  await measurementsPage.goto();
  await expect(measurementsPage.value("2020-11-20", "weight_kg")).toHaveText("77.1");
  await expect(measurementsPage.cell("2020-11-24", "weight_kg")).toHaveCount(0);
});

test("Spanish: «sí, reemplázalo» after an unrelated «hola» confirms nothing, and a day/month in digits is asked about", async ({
  page,
  user,
  chatPage,
  appHeader,
  measurementsPage,
}, testInfo) => {
  void user;
  await chatPage.goto();
  await appHeader.chooseLanguage("es");
  await chatPage.ask("guarda peso 77,4 kg para el 2020-01-04");
  const conflict = await chatPage.ask("guarda peso 78 kg para el 2020-01-04");
  expect(await chatPage.chipCodes(conflict)).toEqual([["save_measurement", "conflict"]]);
  await expect(chatPage.reply(conflict)).toContainText("¿Quieres que lo reemplace?");
  await chatPage.ask("hola");
  const confirm = await chatPage.ask("sí, reemplázalo");
  await expect(chatPage.chips(confirm)).toHaveCount(0);
  await expect(chatPage.reply(confirm)).toContainText("No hay nada que confirmar");

  const ambiguous = await chatPage.ask("pesé 77 kg el 02/01/2025");
  await expect(chatPage.chips(ambiguous)).toHaveCount(0);
  await expect(chatPage.reply(ambiguous)).toContainText("«02/01/2025» puede ser el 2 de enero de 2025 o el 1 de febrero de 2025");
  await page.screenshot({ path: testInfo.outputPath("offline-coach-es-desktop.png"), fullPage: true });

  // The value stored before the refused confirmation, written as a Spanish page writes numbers.
  await measurementsPage.goto();
  await expect(measurementsPage.value("2020-01-04", "weight_kg")).toHaveText("77,4");
});

test("Portuguese on a phone: progress from the trend tool, and tomorrow refused as the future", async ({ page, user, chatPage, appHeader }, testInfo) => {
  void user;
  await page.setViewportSize({ width: 390, height: 844 });
  await chatPage.goto();
  await appHeader.chooseLanguage("pt");
  await chatPage.ask("pesei 80 kg em 2020-11-05");
  await chatPage.ask("pesei 78,5 kg em 2020-11-25");
  const progress = await chatPage.ask("como mudou meu peso de 2020-11-01 a 2020-11-30?");
  expect(await chatPage.chipCodes(progress)).toEqual([["get_trend", "ok"]]);
  // 20 days apart: the trend restarts at the second weigh-in, and two records give no rate.
  await expect(chatPage.reply(progress)).toContainText("Sua tendência de peso é 78,5 kg (em 25 de novembro de 2020).");
  await expect(chatPage.reply(progress)).toContainText("Preciso de pelo menos 5 pesagens em 10 dias para dar um ritmo");

  const tomorrow = await chatPage.ask("amanhã vou pesar 75 kg");
  expect(await chatPage.chipCodes(tomorrow)).toEqual([["save_measurement", "bad_arguments"]]);
  await expect(chatPage.reply(tomorrow)).toContainText("essa data está no futuro");
  await expect(chatPage.reply(tomorrow)).toContainText("Nada foi salvo.");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("offline-coach-pt-phone.png"), fullPage: true });
});
