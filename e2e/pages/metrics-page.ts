// /metrics: three charts, each with its data table.
import type { Locator, Page } from "@playwright/test";

export class MetricsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/metrics");
  }

  chart(name: "tool-results" | "turn-outcomes" | "model-requests"): Locator {
    return this.page.getByTestId(`metrics-${name}`);
  }

  toolRow(tool: string, code: string): Locator {
    return this.page.locator(`[data-testid="metrics-tool-row"][data-tool="${tool}"][data-code="${code}"]`);
  }

  outcomeRow(outcome: string): Locator {
    return this.page.locator(`[data-testid="metrics-outcome-row"][data-outcome="${outcome}"]`);
  }

  requestRow(provider: string, status: string): Locator {
    return this.page.locator(`[data-testid="metrics-request-row"][data-provider="${provider}"][data-status="${status}"]`);
  }
}
