// The /account page's name, email, password, signed-in devices and API-key sections.
import type { Page } from "@playwright/test";

export class AccountSettings {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/account");
  }

  async changeName(name: string): Promise<void> {
    await this.page.getByTestId("name-input").fill(name);
    await this.page.getByTestId("name-submit").click();
  }

  async changeEmail(email: string, currentPassword: string): Promise<void> {
    await this.page.getByTestId("email-input").fill(email);
    await this.page.getByTestId("email-current-password").fill(currentPassword);
    await this.page.getByTestId("email-submit").click();
  }

  async changePassword(options: { current: string; next: string; signOutOthers?: boolean }): Promise<void> {
    await this.page.getByTestId("password-current").fill(options.current);
    await this.page.getByTestId("password-new").fill(options.next);
    await this.page.getByTestId("password-revoke-others").setChecked(options.signOutOthers ?? true);
    await this.page.getByTestId("password-submit").click();
  }

  async createKey(name: string, scope: "read" | "read_write"): Promise<string> {
    await this.page.getByTestId("api-key-name").fill(name);
    await this.page.getByTestId(`api-key-scope-${scope}`).check();
    await this.page.getByTestId("api-key-submit").click();
    const secret = this.page.getByTestId("api-key-secret");
    await secret.waitFor();
    return (await secret.textContent()) ?? "";
  }

  get nameStatus() {
    return this.page.getByTestId("name-status");
  }
  get emailStatus() {
    return this.page.getByTestId("email-status");
  }
  get emailError() {
    return this.page.getByTestId("email-error");
  }
  get passwordStatus() {
    return this.page.getByTestId("password-status");
  }
  get passwordError() {
    return this.page.getByTestId("password-error");
  }
  get sessions() {
    return this.page.getByTestId("session");
  }
  get currentSession() {
    return this.page.locator('[data-testid="session"][data-current="true"]');
  }
  get otherSessions() {
    return this.page.locator('[data-testid="session"]:not([data-current])');
  }
  get sessionsStatus() {
    return this.page.getByTestId("sessions-status");
  }
  get keys() {
    return this.page.getByTestId("api-key");
  }
  get keysStatus() {
    return this.page.getByTestId("api-keys-status");
  }
}
