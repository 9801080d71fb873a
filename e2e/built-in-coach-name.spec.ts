// The built-in coach (COACH_PROVIDER=offline, a configuration value) as people see it: "the built-in coach (no AI
// model)" in every language on the chat, the traces and the metrics pages, never "offline", no model name and no
// token counts (offline-coach.md §5). The configured value stays in data attributes.
import type { Page } from "@playwright/test";
import { expect, test } from "./coach-fixtures";
import { runOperatorCommand } from "./operator-commands";

const languages = {
  en: {
    label: "Built-in coach (no AI model)",
    banner: "Answers come from the built-in coach (no AI model)",
    steps: /\d+ steps?$/,
    noModel: "none",
    question: "What did I weigh on 2 January 2020?",
  },
  es: {
    label: "Coach integrado (sin modelo de IA)",
    banner: "Las respuestas vienen del coach integrado (sin modelo de IA)",
    steps: /\d+ pasos?$/,
    noModel: "ninguno",
    question: "¿Cuánto pesaba el 2 de enero de 2020?",
  },
  pt: {
    label: "Coach integrado (sem modelo de IA)",
    banner: "As respostas vêm do coach integrado (sem modelo de IA)",
    steps: /\d+ passos?$/,
    noModel: "nenhum",
    question: "Quanto eu pesava em 2 de janeiro de 2020?",
  },
} as const;

/** What the page shows a person (rendered text, closed disclosures excluded): never the word "offline". */
async function expectNoOffline(page: Page) {
  expect(await page.locator("body").innerText()).not.toMatch(/offline/i);
}

for (const [locale, words] of Object.entries(languages) as [keyof typeof languages, (typeof languages)[keyof typeof languages]][]) {
  test(`in ${locale}: chat, traces and metrics name the built-in coach, never "offline", with no model and no tokens`, async ({
    page,
    user,
    chatPage,
    tracesPage,
    metricsPage,
    appHeader,
  }, testInfo) => {
    await chatPage.goto();
    await appHeader.chooseLanguage(locale);
    await expect(page.getByTestId("trust-built-in")).toContainText(words.banner);
    await expect(chatPage.trustStatement).toHaveAttribute("data-provider", "offline");
    const turn = await chatPage.ask(words.question);
    const turnId = (await turn.getAttribute("data-turn-id")) ?? "";
    await chatPage.openDetails(turn);
    await expect(chatPage.outcome(turn)).toContainText(words.label);
    await expect(chatPage.outcome(turn)).toHaveText(words.steps);
    await expect(chatPage.outcome(turn)).not.toContainText("palestra-rules-1");
    await expectNoOffline(page);
    await page.screenshot({ path: testInfo.outputPath(`chat-${locale}.png`), fullPage: true });

    await tracesPage.goto();
    await expect(tracesPage.row(turnId).getByTestId("trace-provider-cell")).toHaveText(words.label);
    await expect(tracesPage.row(turnId)).toHaveAttribute("data-provider", "offline");
    await expectNoOffline(page);

    await tracesPage.gotoTurn(turnId);
    await expect(page.getByTestId("trace-provider")).toHaveText(words.label);
    await expect(page.getByTestId("trace-model")).toHaveText(words.noModel);
    await expect(tracesPage.requests.first().locator("td").nth(1)).toHaveText(words.label);
    // No token columns: the rule engine reports no usage, and none is made up.
    await expect(page.getByTestId("trace-requests").locator("th")).toHaveCount(5);
    expect(await page.locator("body").innerText()).not.toMatch(/token/i);
    await expectNoOffline(page);
    await page.screenshot({ path: testInfo.outputPath(`trace-${locale}.png`), fullPage: true });
    const trace = (await (await page.request.get(`/api/v1/turns/${turnId}`)).json()) as { events: { type: string; data: Record<string, unknown> }[] };
    const requestEnds = trace.events.filter((event) => event.type === "model-request-end");
    expect(requestEnds.length).toBeGreaterThan(0);
    for (const event of requestEnds) expect(event.data).not.toHaveProperty("usage");

    // /metrics is for administrators (#33): the operator makes this person one first.
    const promoted = await runOperatorCommand("admin", ["users", "make-admin", user.email]);
    expect(promoted.exitCode, promoted.stderr).toBe(0);
    await metricsPage.goto();
    const row = metricsPage.requestRow("offline", "ok");
    await expect(row.locator("td").first()).toHaveText(words.label);
    await expect(metricsPage.chart("model-requests").locator(".recharts-cartesian-axis-tick-value").first()).toHaveText(words.label);
    await expectNoOffline(page);
    await page.screenshot({ path: testInfo.outputPath(`metrics-${locale}.png`), fullPage: true });
  });
}
