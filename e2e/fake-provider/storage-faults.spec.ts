// Storage faults through a real adapter (OpenAI Responses against the fake provider), counting model requests at the fake.
import { expect, seedWeight, test } from "../coach-fixtures";

test.use({ coachProvider: "openai" });

test("fail_before_commit: the conservative message after one model request, no retry, nothing stored; then a clean save sticks", async ({
  page,
  user,
  chatPage,
  qaPage,
  measurementsPage,
  fakeProvider,
}) => {
  void user;
  await qaPage.goto();
  // Armed until cleared: after the failed save it is still armed, so nothing could have been retried past it.
  await qaPage.arm({ mode: "fail_before_commit", target: "write" });
  await chatPage.goto();
  await expect(page.getByTestId("trust-provider")).toHaveText("openai");

  const failed = await chatPage.ask("Save weight 77.4 kg for 2020-01-03");
  expect(await chatPage.chipCodes(failed)).toEqual([["save_measurement", "write_failed"]]);
  await expect(chatPage.outcome(failed)).toHaveAttribute("data-outcome", "stopped_write_failed");
  await expect(chatPage.reply(failed)).toHaveText(
    "The measurement for 3 January 2020 was not saved: storage refused the write and nothing was changed. You can try again later.",
  );
  const requests = await fakeProvider.requests();
  expect(requests.map((request) => request.path)).toEqual(["/v1/responses"]);

  await page.reload();
  expect(await chatPage.chipCodes(chatPage.lastTurn)).toEqual([["save_measurement", "write_failed"]]);
  await measurementsPage.goto();
  await expect(measurementsPage.row("2020-01-03")).toHaveCount(0);
  await expect(measurementsPage.emptyMessage).toBeVisible();

  await qaPage.goto();
  await qaPage.clearAll();
  await expect(qaPage.banner).toHaveCount(0);
  await chatPage.goto();
  const saved = await chatPage.ask("Save weight 77.4 kg for 2020-01-04");
  expect(await chatPage.chipCodes(saved)).toEqual([["save_measurement", "ok"]]);
  await expect(chatPage.outcome(saved)).toHaveAttribute("data-outcome", "answered");
  await expect(chatPage.reply(saved)).toContainText("77.4 kg");
  await measurementsPage.goto();
  await page.reload();
  await expect(measurementsPage.rows).toHaveCount(1);
  await expect(measurementsPage.value("2020-01-04", "weight_kg")).toHaveText("77.4");
});

test("transient read: retried inside the tool and answered in one model round of tool use (2 requests)", async ({
  user,
  chatPage,
  qaPage,
  measurementsPage,
  fakeProvider,
}) => {
  void user;
  await seedWeight(measurementsPage, "2020-01-01", "76");
  await qaPage.goto();
  await qaPage.arm({ mode: "transient", target: "read", count: 1 });
  await chatPage.goto();
  await fakeProvider.reset();
  const turn = await chatPage.ask("What did I weigh on 2020-01-01?");
  expect(await chatPage.chipCodes(turn)).toEqual([["read_measurement", "ok"]]);
  await expect(chatPage.reply(turn)).toContainText("76 kg");
  await expect(chatPage.outcome(turn)).toHaveAttribute("data-outcome", "answered");
  await chatPage.openDetails(turn);
  await chatPage.chips(turn).first().locator("summary").click();
  await expect(chatPage.chips(turn).first()).toContainText("2 attempts");
  expect((await fakeProvider.requests()).map((request) => request.path)).toEqual(["/v1/responses", "/v1/responses"]);
});

test("unavailable read: the Coach says it cannot know, not that nothing exists", async ({ user, chatPage, qaPage, measurementsPage, fakeProvider }) => {
  void user;
  await seedWeight(measurementsPage, "2020-01-01", "76");
  await qaPage.goto();
  await qaPage.arm({ mode: "unavailable", target: "read" });
  await chatPage.goto();
  await fakeProvider.reset();
  const turn = await chatPage.ask("What did I weigh on 2020-01-01?");
  expect(await chatPage.chipCodes(turn)).toEqual([["read_measurement", "unavailable"]]);
  const received = await chatPage.chipOutcome(chatPage.chips(turn).first());
  expect(received).toMatchObject({ error: "unavailable", recovery: "choose_alternative" });
  await expect(chatPage.reply(turn)).toContainText("I can't read your measurements for 1 January 2020 right now, so what is stored for that date is unknown.");
  await expect(chatPage.reply(turn)).not.toContainText("There is no measurement record");
  expect(await fakeProvider.requests()).toHaveLength(2);
  await qaPage.goto();
  await qaPage.clearAll();
});

test("lost_ack with a read asked in the same response: the read's skipped chip shows live, before any reload, as the replay shows it", async ({
  page,
  user,
  chatPage,
  qaPage,
  fakeProvider,
}) => {
  void user;
  await qaPage.goto();
  await qaPage.arm({ mode: "lost_ack", target: "write", count: 1 });
  await chatPage.goto();
  // The offline brain never asks for two tools of different kinds at once; a scripted response does.
  await fakeProvider.script([
    {
      toolCalls: [
        { callId: "call_save_then_read_1", name: "save_measurement", arguments: JSON.stringify({ date: "2020-01-04", values: { weight_kg: 77.4 } }) },
        { callId: "call_save_then_read_2", name: "read_measurement", arguments: JSON.stringify({ date: "2020-01-01" }) },
      ],
    },
  ]);
  const turn = await chatPage.ask("Save weight 77.4 kg for 2020-01-04, then tell me what I weighed on 2020-01-01");
  const expectedChips = [
    ["save_measurement", "outcome_unknown"],
    ["read_measurement", "skipped"],
  ];
  expect(await chatPage.chipCodes(turn)).toEqual(expectedChips);
  await expect(chatPage.chips(turn).nth(1)).toHaveAttribute("data-status", "skipped");
  await expect(chatPage.chips(turn).nth(1).getByTestId("tool-chip-status")).toHaveText("skipped");
  await expect(chatPage.outcome(turn)).toHaveAttribute("data-outcome", "stopped_outcome_unknown");
  await expect(chatPage.writeBadge(turn)).toHaveText("unconfirmed");
  expect((await fakeProvider.requests()).map((request) => request.path)).toEqual(["/v1/responses"]);

  await expect(page).toHaveURL(/\/\?c=[\w-]+$/);
  await page.reload();
  expect(await chatPage.chipCodes(chatPage.lastTurn)).toEqual(expectedChips);
  await expect(chatPage.chips(chatPage.lastTurn).nth(1).getByTestId("tool-chip-status")).toHaveText("skipped");
});
