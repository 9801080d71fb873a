// /traces (every turn) and /traces/[turnId] (one turn's requests, tool calls and timeline).
import type { Locator, Page } from "@playwright/test";

export class TracesPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/traces");
  }

  async gotoTurn(turnId: string): Promise<void> {
    await this.page.goto(`/traces/${turnId}`);
  }

  get rows(): Locator {
    return this.page.getByTestId("trace-row");
  }

  row(turnId: string): Locator {
    return this.page.locator(`[data-testid="trace-row"][data-turn-id="${turnId}"]`);
  }

  get summary(): Locator {
    return this.page.getByTestId("trace-summary");
  }

  get requests(): Locator {
    return this.page.getByTestId("trace-request");
  }

  get toolCalls(): Locator {
    return this.page.getByTestId("trace-tool-call");
  }

  get timelineSpans(): Locator {
    return this.page.getByTestId("timeline-span");
  }
}
