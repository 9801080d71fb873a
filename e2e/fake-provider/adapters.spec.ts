// Each provider adapter runs the seeds' case study through the browser against the fake provider's wire API.
import { caseStudyQuestion, expect, seedWeight, test } from "../coach-fixtures";

const adapters = [
  { provider: "openai", path: "/v1/responses" },
  { provider: "anthropic", path: "/v1/messages" },
  { provider: "google", path: "/v1beta/interactions" },
  { provider: "openai-chat", path: "/v1/chat/completions" },
] as const;

for (const { provider, path } of adapters) {
  test.describe(provider, () => {
    test.use({ coachProvider: provider });

    test(`runs the case study through ${path}`, async ({ page, user, chatPage, measurementsPage, fakeProvider }) => {
      void user;
      await seedWeight(measurementsPage, "2020-01-01", "76");
      await chatPage.goto();
      await expect(page.getByTestId("trust-provider")).toHaveText(provider);
      await expect(page.getByTestId("trust-built-in")).toHaveCount(0);
      const turn = await chatPage.ask(caseStudyQuestion);
      expect(await chatPage.chipCodes(turn)).toEqual([
        ["read_measurement", "not_found"],
        ["read_measurement", "ok"],
      ]);
      await expect(chatPage.reply(turn)).toContainText("76 kg");
      await expect(chatPage.outcome(turn)).toContainText(`${provider}/`);
      expect((await fakeProvider.requests()).map((request) => request.path)).toEqual([path, path, path]);
    });
  });
}
