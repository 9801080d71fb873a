// A real adapter's model invents a number: the reply is left as written, the chat marks the number "not from your
// records" with the tool results beside it (also after a reload), and the turn's trace shows it.
import { inventsANumber, INVENTED_NUMBER } from "../../scripts/fake-provider/scripts/invents-a-number";
import { expect, seedWeight, test } from "../coach-fixtures";

test.use({ coachProvider: "anthropic" });

test("an invented number is marked in the chat and shown on the trace", async ({ page, user, chatPage, measurementsPage, fakeProvider }, testInfo) => {
  void user;
  await seedWeight(measurementsPage, "2020-01-01", "80.2");
  await fakeProvider.script(inventsANumber());
  await chatPage.goto();
  const turn = await chatPage.ask("How am I doing?");
  expect(await chatPage.chipCodes(turn)).toEqual([["get_trend", "ok"]]);
  await expect(chatPage.reply(turn)).toContainText(`you will weigh ${INVENTED_NUMBER} kg`);
  const notice = turn.getByTestId("untraceable-notice");
  await expect(notice).toContainText("Not from your records");
  await expect(notice.getByTestId("untraceable-number")).toHaveText([INVENTED_NUMBER]);
  await notice.locator("summary").click();
  await expect(notice.getByTestId("untraceable-tool-result")).toContainText('get_trend: {"field":"weight_kg"');
  await page.screenshot({ path: testInfo.outputPath("untraceable-notice.png"), fullPage: true });

  await page.reload();
  await expect(chatPage.lastTurn.getByTestId("untraceable-number")).toHaveText([INVENTED_NUMBER]);

  await chatPage.openDetails(chatPage.lastTurn);
  await chatPage.lastTurn.getByTestId("turn-trace-link").click();
  await expect(page.getByTestId("trace-untraceable-numbers")).toContainText(INVENTED_NUMBER);

  // The traces list marks the turn, beside what was asked and the tool it called.
  await page.getByTestId("traces-back").click();
  const row = page.getByTestId("trace-row").first();
  await expect(row.getByTestId("trace-untraceable-mark")).toHaveText("Numbers not from the records: 1");
  await expect(row.getByTestId("trace-excerpt")).toHaveText("How am I doing?");
  await expect(row.getByTestId("trace-tool")).toHaveText(["Work out the trend · succeeded"]);
});
