// The header shared by every page: navigation, language switch, sign-out.
import type { Page } from "@playwright/test";

export class AppHeader {
  constructor(private readonly page: Page) {}

  link(name: "coach" | "measurements" | "traces" | "metrics" | "qa" | "account") {
    return this.page.getByTestId(`nav-${name}`);
  }

  /** On a phone the navigation folds behind Menu: opens it when it is folded (a no-op on a wide screen). */
  async openMenuIfFolded(): Promise<void> {
    const menu = this.page.getByTestId("menu-button");
    if ((await menu.isVisible()) && (await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  }

  async chooseLanguage(locale: "en" | "es" | "pt"): Promise<void> {
    await this.openMenuIfFolded();
    await this.page.getByTestId(`language-${locale}`).click();
  }

  async chooseTheme(theme: "system" | "light" | "dark"): Promise<void> {
    await this.openMenuIfFolded();
    await this.page.getByTestId(`theme-${theme}`).click();
  }

  async signOut(): Promise<void> {
    await this.openMenuIfFolded();
    await this.page.getByTestId("sign-out").click();
    await this.page.waitForURL("**/login");
  }
}
