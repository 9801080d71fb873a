// A failing model API: the turn ends as provider_error with the provider message, and the page stays usable.
import { expect, test } from "../coach-fixtures";

test.use({ coachProvider: "openai" });

test("shows the provider message after the SDK's bounded retries, then answers the next message", async ({ user, chatPage, fakeProvider }) => {
  void user;
  await chatPage.goto();
  await fakeProvider.fail({ status: 503, count: 3 });
  const failed = await chatPage.ask("What did I weigh on 2020-01-01?");
  await expect(chatPage.outcome(failed)).toHaveAttribute("data-outcome", "provider_error");
  await expect(chatPage.reply(failed)).toHaveText(
    "The model service is unavailable right now, so the Coach could not answer. None of your data was changed by this. Please try again in a moment.",
  );
  await expect(chatPage.chips(failed)).toHaveCount(0);
  // One request and the SDK's two retries, all answered 503: no retry layer on top.
  expect((await fakeProvider.requests()).map((request) => request.status)).toEqual([503, 503, 503]);

  await expect(chatPage.sendButton).toBeEnabled();
  await expect(chatPage.input).toBeFocused();
  const next = await chatPage.ask("What did I weigh on 2020-01-01?");
  await expect(chatPage.outcome(next)).toHaveAttribute("data-outcome", "answered");
  expect(await chatPage.chipCodes(next)).toEqual([["read_measurement", "not_found"]]);
});
