// The /signup page.
import type { Page } from "@playwright/test";
import type { Credentials } from "../credentials";

export class SignupPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/signup");
  }

  async signUp(credentials: Credentials): Promise<void> {
    await this.page.getByTestId("signup-name").fill(credentials.name);
    await this.page.getByTestId("signup-email").fill(credentials.email);
    await this.page.getByTestId("signup-password").fill(credentials.password);
    await this.page.getByTestId("signup-submit").click();
  }

  get error() {
    return this.page.getByTestId("signup-error");
  }
}
