// The /login page.
import type { Page } from "@playwright/test";

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/login");
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.page.getByTestId("login-email").fill(email);
    await this.page.getByTestId("login-password").fill(password);
    await this.page.getByTestId("login-submit").click();
  }

  get form() {
    return this.page.getByTestId("login-form");
  }

  get error() {
    return this.page.getByTestId("login-error");
  }

  get accountDeletedNotice() {
    return this.page.getByTestId("account-deleted-notice");
  }
}
