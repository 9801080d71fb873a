// The header shared by every page: navigation, language switch, sign-out.
import type { Page } from "@playwright/test";

export class AppHeader {
  constructor(private readonly page: Page) {}

  link(name: "coach" | "measurements" | "traces" | "metrics" | "qa" | "account") {
    return this.page.getByTestId(`nav-${name}`);
  }

  async chooseLanguage(locale: "en" | "es" | "pt"): Promise<void> {
    await this.page.getByTestId(`language-${locale}`).click();
  }

  async signOut(): Promise<void> {
    await this.page.getByTestId("sign-out").click();
    await this.page.waitForURL("**/login");
  }
}
