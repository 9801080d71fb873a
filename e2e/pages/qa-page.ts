// The /qa fault toggle and the banner every page shows while a fault is armed.
import { expect, type Locator, type Page } from "@playwright/test";

export type FaultChoice = {
  mode: "transient" | "unavailable" | "fail_before_commit" | "lost_ack" | "timeout" | "slow";
  target: "read" | "write";
  count?: number;
};

export class QaPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/qa");
  }

  get banner(): Locator {
    return this.page.getByTestId("qa-banner");
  }

  get armedFaults(): Locator {
    return this.page.getByTestId("qa-armed-fault");
  }

  /** Arms one fault through the form and waits for the page to list it. */
  async arm(choice: FaultChoice): Promise<void> {
    const before = await this.armedFaults.count();
    await this.page.getByTestId(`qa-choice-${choice.mode}-${choice.target}`).check();
    await this.page.getByTestId("qa-count").fill(choice.count === undefined ? "" : String(choice.count));
    await this.page.getByTestId("qa-arm").click();
    await expect(this.page.getByTestId("qa-arm-status")).toHaveAttribute("data-status", "armed");
    await expect(this.armedFaults).toHaveCount(before + 1);
  }

  async clearAll(): Promise<void> {
    await this.page.getByTestId("qa-clear-all").click();
    await expect(this.page.getByTestId("qa-none-armed")).toBeVisible();
  }

  /** Goes to /qa, arms the fault, and comes back to where the test was. */
  async armFrom(choice: FaultChoice): Promise<void> {
    const back = this.page.url();
    await this.goto();
    await this.arm(choice);
    await this.page.goto(back);
  }
}
