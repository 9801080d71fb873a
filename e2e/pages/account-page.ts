// The /account page: export everything, delete the account.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";

export class AccountPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/account");
  }

  get email() {
    return this.page.getByTestId("account-email");
  }

  get deleteError() {
    return this.page.getByTestId("delete-account-error");
  }

  async downloadExport(): Promise<Record<string, unknown>> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.page.getByTestId("account-export").click()]);
    return JSON.parse(await readFile(await download.path(), "utf8")) as Record<string, unknown>;
  }

  async deleteAccount(confirmation: string, currentPassword: string): Promise<void> {
    await this.page.getByTestId("delete-account-confirm").fill(confirmation);
    await this.page.getByTestId("delete-account-password").fill(currentPassword);
    await this.page.getByTestId("delete-account-submit").click();
  }
}
