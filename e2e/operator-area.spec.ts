// The everyday menu is chat, measurements and account; traces, metrics and QA live in the operator area (QA mode and
// administrators). The traces list says what each turn was about and filters by outcome and tool, by keyboard.
import { caseStudyQuestion, expect, seedWeight, test } from "./coach-fixtures";
import { runOperatorCommand } from "./operator-commands";

test("the main menu holds the everyday pages; the operator area opens by keyboard and offers metrics to administrators only", async ({
  page,
  user,
  chatPage,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await chatPage.goto();
  const mainNav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(mainNav.getByRole("link")).toHaveText(["Coach", "Measurements", "Account", "Operator"]);
  await expect(page.getByTestId("nav-traces")).toHaveCount(0);
  await expect(page.getByTestId("nav-qa")).toHaveCount(0);

  await page.getByTestId("nav-operator").focus();
  await page.keyboard.press("Enter");
  await page.waitForURL("**/operator");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operator");
  await expect(page.getByTestId("nav-operator")).toHaveAttribute("aria-current", "page");
  const operatorNav = page.getByRole("navigation", { name: "Operator pages" });
  await expect(operatorNav.getByRole("link")).toHaveText(["Overview", "Traces", "QA"]);
  await expect(page.getByTestId("operator-pages").getByRole("heading")).toHaveText(["Traces", "QA"]);

  await page.getByTestId("operator-traces").focus();
  await page.keyboard.press("Enter");
  await page.waitForURL("**/traces");
  await expect(page.getByTestId("nav-operator")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("nav-traces")).toHaveAttribute("aria-current", "page");

  const promoted = await runOperatorCommand("admin", ["users", "make-admin", user.email]);
  expect(promoted.exitCode, promoted.stderr).toBe(0);
  await page.goto("/operator");
  await expect(operatorNav.getByRole("link")).toHaveText(["Overview", "Traces", "Metrics", "QA"]);
  await expect(page.getByTestId("operator-metrics")).toBeVisible();
});

test("the operator area and its menu read in Spanish and Portuguese", async ({ page, user, chatPage, appHeader }) => {
  void user;
  await page.setViewportSize({ width: 1280, height: 800 });
  await chatPage.goto();
  for (const [locale, area, pages] of [
    ["es", "Operación", "Páginas de operación"],
    ["pt", "Operação", "Páginas de operação"],
  ] as const) {
    await appHeader.chooseLanguage(locale);
    await expect(page.getByTestId("nav-operator")).toHaveText(area);
    await page.getByTestId("nav-operator").click();
    await expect(page.getByRole("navigation", { name: pages })).toBeVisible();
    await page.goto("/");
  }
});

test("the traces list shows each turn's message, tools, outcome, injected fault and pending check, and filters by keyboard", async ({
  page,
  user,
  chatPage,
  qaPage,
  tracesPage,
  measurementsPage,
}, testInfo) => {
  void user;
  await seedWeight(measurementsPage, "2020-01-01", "76");
  await chatPage.goto();
  // Each id is read at once: a turn's locator counts turns in the conversation on screen.
  const answeredId = (await (await chatPage.ask(caseStudyQuestion)).getAttribute("data-turn-id"))!;
  await qaPage.goto();
  await qaPage.arm({ mode: "lost_ack", target: "write", count: 1 });
  await chatPage.goto();
  const uncertainId = (await (await chatPage.ask("Save weight 77.4 kg for 2020-01-04")).getAttribute("data-turn-id"))!;
  expect(answeredId).not.toBe(uncertainId);

  await page.setViewportSize({ width: 390, height: 844 });
  await tracesPage.goto();
  const answeredRow = tracesPage.row(answeredId);
  const uncertainRow = tracesPage.row(uncertainId);
  await expect(answeredRow.getByTestId("trace-excerpt")).toHaveText(caseStudyQuestion);
  await expect(answeredRow.getByTestId("trace-tool")).toHaveText(["Read a measurement · nothing found", "Read a measurement · succeeded"]);
  await expect(answeredRow.getByTestId("turn-outcome-badge")).toHaveText("Answered");
  await expect(answeredRow.getByTestId("trace-fault-mark")).toHaveCount(0);
  await expect(uncertainRow.getByTestId("trace-excerpt")).toHaveText("Save weight 77.4 kg for 2020-01-04");
  await expect(uncertainRow.getByTestId("trace-tool")).toHaveText(["Save a measurement · outcome unknown"]);
  await expect(uncertainRow.getByTestId("turn-outcome-badge")).toHaveText("Stopped: outcome unknown");
  await expect(uncertainRow.getByTestId("trace-unresolved")).toHaveText("Not checked yet");
  await expect(uncertainRow.getByTestId("trace-fault-mark")).toHaveText("QA fault injected");
  // Readable on a phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: testInfo.outputPath("traces-phone.png"), fullPage: true });

  // Filter by outcome with the keyboard only: focus the select, pick with the arrow keys, Tab to Show, Enter.
  await page.setViewportSize({ width: 1280, height: 800 });
  const outcome = page.getByTestId("filter-outcome");
  await outcome.focus();
  for (let step = 0; step < 8 && (await outcome.inputValue()) !== "stopped_outcome_unknown"; step += 1) await page.keyboard.press("ArrowDown");
  await expect(outcome).toHaveValue("stopped_outcome_unknown");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("filter-tool")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("filter-apply")).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\?outcome=stopped_outcome_unknown&tool=$/);
  await expect(tracesPage.rows).toHaveCount(1);
  await expect(tracesPage.rows.first()).toHaveAttribute("data-turn-id", uncertainId);
  await expect(page.getByTestId("filter-outcome")).toHaveValue("stopped_outcome_unknown");
  await expect(page.getByTestId("trace-count")).toHaveText("Turns shown: 1");

  // By tool, from the address itself (server-rendered), then an empty combination, then clear.
  await page.goto("/traces?tool=read_measurement");
  await expect(tracesPage.rows).toHaveCount(1);
  await expect(tracesPage.rows.first()).toHaveAttribute("data-turn-id", answeredId);
  await page.goto("/traces?tool=read_measurement&outcome=stopped_outcome_unknown");
  await expect(tracesPage.rows).toHaveCount(0);
  await expect(page.getByTestId("trace-count")).toHaveText("No turn matches these filters.");
  await page.getByTestId("filter-clear").focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/traces$/);
  await expect(tracesPage.rows).toHaveCount(2);

  // The trace says what was said and that the failure was injected.
  await tracesPage.gotoTurn(uncertainId);
  await expect(page.getByTestId("trace-message")).toHaveText([/^You\s*Save weight 77\.4 kg for 2020-01-04$/, /^Palestra \(stopped the turn\)/]);
  await expect(page.getByTestId("trace-faults")).toHaveText("QA fault injected: lost_ack on writes");
  await expect(tracesPage.toolCalls.first().getByTestId("trace-tool-name")).toHaveText("Save a measurement");
  await expect(tracesPage.toolCalls.first().getByTestId("trace-tool-result")).toHaveText("outcome unknown");
  await tracesPage.gotoTurn(answeredId);
  await expect(page.getByTestId("trace-faults")).toHaveText("None: every failure here was real");
  await expect(page.getByTestId("trace-message").first()).toContainText(caseStudyQuestion);
  await page.screenshot({ path: testInfo.outputPath("trace-detail.png"), fullPage: true });
});
