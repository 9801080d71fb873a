// Fixtures of the Coach specs: foundation's signed-in user per test, plus the chat, QA, traces and metrics page
// objects and the fake provider's control routes.
import { expect, test as base } from "./fixtures";
import { FakeProvider } from "./fake-provider";
import { ChatPage } from "./pages/chat-page";
import type { MeasurementsPage } from "./pages/measurements-page";
import { MetricsPage } from "./pages/metrics-page";
import { QaPage } from "./pages/qa-page";
import { TracesPage } from "./pages/traces-page";

/** A provider the app's QA mode lets a request choose (header x-palestra-provider); the server default when absent. */
export type CoachProvider = "offline" | "openai" | "anthropic" | "google" | "openai-chat";

type CoachOptions = { coachProvider: CoachProvider | undefined };

type CoachFixtures = {
  chatPage: ChatPage;
  qaPage: QaPage;
  tracesPage: TracesPage;
  metricsPage: MetricsPage;
  /** The fake provider, reset (empty log, no failures) before the test. */
  fakeProvider: FakeProvider;
};

export const test = base.extend<CoachFixtures & CoachOptions>({
  coachProvider: [undefined, { option: true }],
  // Adds the provider header to foundation's headers (its per-test client address) instead of replacing them, as a
  // plain test.use({ extraHTTPHeaders }) would: sign-up's per-address rate limit must keep seeing distinct clients.
  extraHTTPHeaders: async ({ extraHTTPHeaders, coachProvider }, provide) => {
    await provide(coachProvider ? { ...extraHTTPHeaders, "x-palestra-provider": coachProvider } : extraHTTPHeaders);
  },
  chatPage: async ({ page }, provide) => provide(new ChatPage(page)),
  qaPage: async ({ page }, provide) => provide(new QaPage(page)),
  tracesPage: async ({ page }, provide) => provide(new TracesPage(page)),
  metricsPage: async ({ page }, provide) => provide(new MetricsPage(page)),
  fakeProvider: async ({}, provide) => {
    const fake = new FakeProvider();
    await fake.reset();
    await provide(fake);
    await fake.reset();
  },
});

export { daysAgo, expect } from "./fixtures";

/** The seeds' case study question: 2 January is missing, so the Coach falls back to the 1st. */
export const caseStudyQuestion = "What did I weigh on 2 January 2020? If there is nothing, try the 1st.";

/** Stores one weight through the measurements page (not through the Coach, so no model request is spent on it). */
export async function seedWeight(measurementsPage: MeasurementsPage, date: string, weightKg: string): Promise<void> {
  await measurementsPage.goto();
  await measurementsPage.add({ date, values: { weight_kg: weightKg } });
  await expect(measurementsPage.value(date, "weight_kg")).toHaveText(weightKg);
}
