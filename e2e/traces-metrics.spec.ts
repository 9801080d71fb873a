// Traces and metrics of your own turns: every turn listed, one turn's requests, tool calls and timeline, the charts.
import { caseStudyQuestion, expect, seedWeight, test } from "./coach-fixtures";
import { runOperatorCommand } from "./operator-commands";

test("lists every turn, shows one turn's model requests and tool calls on a timeline, and charts the figures", async ({
  page,
  user,
  chatPage,
  qaPage,
  tracesPage,
  metricsPage,
  measurementsPage,
  signInAnotherUser,
}, testInfo) => {
  await seedWeight(measurementsPage, "2020-01-01", "76");
  await page.screenshot({ path: testInfo.outputPath("measurements.png"), fullPage: true });
  await qaPage.goto();
  await qaPage.arm({ mode: "lost_ack", target: "write", count: 1 });
  await chatPage.goto();
  const caseStudy = await chatPage.ask(caseStudyQuestion);
  const uncertain = await chatPage.ask("Save weight 77.4 kg for 2020-01-04");
  const caseStudyTurnId = await caseStudy.getAttribute("data-turn-id");
  const uncertainTurnId = await uncertain.getAttribute("data-turn-id");
  const conversationId = chatPage.conversationId();
  expect(caseStudyTurnId).toBeTruthy();

  await tracesPage.goto();
  await expect(tracesPage.rows).toHaveCount(2);
  await expect(tracesPage.row(caseStudyTurnId!)).toHaveAttribute("data-outcome", "answered");
  await expect(tracesPage.row(caseStudyTurnId!).getByTestId("trace-model-requests")).toHaveText("3");
  await expect(tracesPage.row(uncertainTurnId!)).toHaveAttribute("data-outcome", "stopped_outcome_unknown");
  await expect(tracesPage.row(uncertainTurnId!).getByTestId("trace-model-requests")).toHaveText("1");
  await page.screenshot({ path: testInfo.outputPath("traces.png"), fullPage: true });

  await tracesPage.row(caseStudyTurnId!).getByTestId("trace-link").click();
  await expect(tracesPage.summary).toHaveAttribute("data-turn-id", caseStudyTurnId!);
  await expect(page.getByTestId("trace-provider")).toHaveText("Built-in coach (no AI model)");
  await expect(page.getByTestId("trace-model")).toHaveText("none");
  await expect(tracesPage.requests).toHaveCount(3);
  await expect(tracesPage.requests.first()).toHaveAttribute("data-status", "ok");
  await expect(tracesPage.toolCalls).toHaveCount(2);
  await expect(tracesPage.toolCalls.nth(0)).toHaveAttribute("data-code", "not_found");
  await expect(tracesPage.toolCalls.nth(1)).toHaveAttribute("data-code", "ok");
  await expect(tracesPage.toolCalls.nth(0).getByTestId("trace-tool-attempts")).toHaveText("1");
  expect(
    await tracesPage.timelineSpans.evaluateAll((spans) => spans.map((span) => `${span.getAttribute("data-kind")}:${span.getAttribute("data-status")}`)),
  ).toEqual(["model:ok", "tool:not_found", "model:ok", "tool:ok", "model:ok"]);
  await page.screenshot({ path: testInfo.outputPath("trace-detail.png"), fullPage: true });

  await tracesPage.gotoTurn(uncertainTurnId!);
  await expect(tracesPage.toolCalls).toHaveCount(1);
  await expect(tracesPage.toolCalls.first()).toHaveAttribute("data-code", "outcome_unknown");
  await expect(tracesPage.toolCalls.first().getByTestId("trace-tool-key")).toHaveText(/^tc_/);

  // /metrics is for administrators: a 404 and no menu entry before the operator makes this person one.
  const metricsVisit = await page.goto("/metrics");
  expect(metricsVisit?.status()).toBe(404);
  await expect(page.getByTestId("nav-metrics")).toHaveCount(0);
  const promoted = await runOperatorCommand("admin", ["users", "make-admin", user.email]);
  expect(promoted.exitCode, promoted.stderr).toBe(0);
  await metricsPage.goto();
  await expect(page.getByTestId("nav-metrics")).toBeVisible();
  await expect(metricsPage.toolRow("read_measurement", "not_found")).toHaveAttribute("data-count", "1");
  await expect(metricsPage.toolRow("read_measurement", "ok")).toHaveAttribute("data-count", "1");
  await expect(metricsPage.toolRow("save_measurement", "outcome_unknown")).toHaveAttribute("data-count", "1");
  await expect(metricsPage.outcomeRow("answered")).toHaveAttribute("data-count", "1");
  await expect(metricsPage.outcomeRow("stopped_outcome_unknown")).toHaveAttribute("data-count", "1");
  await expect(metricsPage.requestRow("offline", "ok")).toHaveAttribute("data-count", "4");
  for (const chart of ["tool-results", "turn-outcomes", "model-requests"] as const) {
    await expect(metricsPage.chart(chart).locator(".recharts-bar-rectangle").first()).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath("metrics.png"), fullPage: true });
  for (const name of ["measurements", "traces", "trace-detail", "metrics"]) {
    await testInfo.attach(name, { path: testInfo.outputPath(`${name}.png`), contentType: "image/png" });
  }

  // Another user can neither open this turn's trace nor this conversation.
  const other = await signInAnotherUser();
  expect((await other.page.goto(`/traces/${caseStudyTurnId}`))?.status()).toBe(404);
  expect((await other.page.goto(`/?c=${conversationId}`))?.status()).toBe(404);
  await other.page.goto("/traces");
  await expect(other.page.getByTestId("traces-empty")).toBeVisible();
});
