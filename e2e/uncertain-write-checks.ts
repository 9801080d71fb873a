// What the uncertain-write specs read back: the turn through the API, and /traces' list row and trace for a resolved save.
import type { Page } from "@playwright/test";
import { expect } from "./coach-fixtures";
import type { TracesPage } from "./pages/traces-page";

/** The turn as GET /api/v1/turns/:id returns it (the session cookie of `page`). */
export async function turnFromApi(
  page: Page,
  turnId: string,
): Promise<{ outcome: string; resolution: string | null; toolCalls: { resolution: string | null }[] }> {
  const response = await page.request.get(`/api/v1/turns/${turnId}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** /traces' row and the turn's trace both show `label` for `resolution`, with the stored outcome kept in small print. */
export async function expectTraces(options: {
  tracesPage: TracesPage;
  turnId: string;
  outcome: string;
  resolution: string;
  label: string;
  outcomeLabel: string;
}) {
  const { tracesPage, turnId, outcome, resolution, label, outcomeLabel } = options;
  await tracesPage.goto();
  const row = tracesPage.row(turnId);
  await expect(row).toHaveAttribute("data-resolution", resolution);
  await expect(row.getByTestId("turn-outcome-badge")).toHaveText(label);
  await expect(row.getByTestId("turn-outcome-badge")).toHaveAttribute("data-outcome", outcome);
  await expect(row.getByTestId("turn-outcome-before")).toHaveText(outcomeLabel);
  await tracesPage.gotoTurn(turnId);
  await expect(tracesPage.summary.getByTestId("turn-outcome-badge")).toHaveText(label);
  await expect(tracesPage.toolCalls.first().getByTestId("trace-tool-resolution")).toHaveText(label);
}
