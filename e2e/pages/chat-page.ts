// The chat at /: composer, turns with their tool-call chips, uncertain-save buttons, trust statement, conversations.
import { expect, type Locator, type Page } from "@playwright/test";

export class ChatPage {
  constructor(private readonly page: Page) {}

  async goto(conversationId?: string): Promise<void> {
    await this.page.goto(conversationId ? `/?c=${encodeURIComponent(conversationId)}` : "/");
    await expect(this.input).toBeVisible();
  }

  get input(): Locator {
    return this.page.getByTestId("chat-input");
  }

  get sendButton(): Locator {
    return this.page.getByTestId("chat-send");
  }

  get stopWaitingButton(): Locator {
    return this.page.getByTestId("chat-stop-waiting");
  }

  get turns(): Locator {
    return this.page.getByTestId("chat-turn");
  }

  get lastTurn(): Locator {
    return this.turns.last();
  }

  get trustStatement(): Locator {
    return this.page.getByTestId("trust-statement");
  }

  get conversationLinks(): Locator {
    return this.page.getByTestId("conversation-link");
  }

  get newConversationButton(): Locator {
    return this.page.getByTestId("new-conversation");
  }

  /** The open conversation's id, as the address names it after the first turn. */
  conversationId(): string | null {
    return new URL(this.page.url()).searchParams.get("c");
  }

  /** Types the message and clicks Send (the turn runs on; use `waitForTurnEnd` to wait for it). */
  async send(message: string): Promise<void> {
    await this.input.fill(message);
    await this.sendButton.click();
  }

  /** Sends and waits until the new turn ended (any outcome) or failed; returns that turn. */
  async ask(message: string): Promise<Locator> {
    const before = await this.turns.count();
    await this.send(message);
    const turn = this.turns.nth(before);
    await this.waitForTurnEnd(turn);
    // The page names the conversation in the address only once the turn's stream is over, a moment after the turn
    // shows as ended: a spec that reloads right away must find the conversation there, not a new empty chat.
    if ((await turn.getAttribute("data-state")) === "ended") await expect.poll(() => this.conversationId()).not.toBeNull();
    return turn;
  }

  async waitForTurnEnd(turn: Locator = this.lastTurn): Promise<void> {
    await expect(turn).toHaveAttribute("data-state", /^(ended|failed)$/, { timeout: 30_000 });
  }

  chips(turn: Locator = this.lastTurn): Locator {
    return turn.getByTestId("tool-chip");
  }

  /** Each chip's tool and result code, in order: [["read_measurement", "not_found"], ...]. */
  async chipCodes(turn: Locator = this.lastTurn): Promise<[string, string][]> {
    return this.chips(turn).evaluateAll((chips) =>
      chips.map((chip) => [chip.getAttribute("data-tool") ?? "", chip.getAttribute("data-code") ?? ""] as [string, string]),
    );
  }

  reply(turn: Locator = this.lastTurn): Locator {
    return turn.getByTestId("coach-reply");
  }

  outcome(turn: Locator = this.lastTurn): Locator {
    return turn.getByTestId("turn-outcome");
  }

  /** Opens a turn's Details disclosure (tool chips, provider, model requests, trace link). */
  async openDetails(turn: Locator = this.lastTurn): Promise<void> {
    const details = turn.getByTestId("turn-details");
    if ((await details.getAttribute("open")) === null) await details.locator("> summary").click();
  }

  /** Expands a chip (opening its turn's Details first) and returns the JSON the model received for it. */
  async chipOutcome(chip: Locator): Promise<Record<string, unknown>> {
    // The chip's own turn: its Details disclosure must be open for the chip to be clicked.
    await chip.evaluate((element) => {
      const details = element.closest("details.turn-details");
      if (details instanceof HTMLDetailsElement && !details.open) details.querySelector<HTMLElement>(":scope > summary")?.click();
    });
    await chip.locator("summary").click();
    const text = await chip.getByTestId("tool-chip-outcome").textContent();
    return JSON.parse(text ?? "null") as Record<string, unknown>;
  }

  writeBadge(turn: Locator = this.lastTurn): Locator {
    return turn.getByTestId("write-badge");
  }

  checkSavedButton(turn: Locator = this.lastTurn): Locator {
    return turn.getByTestId("write-check");
  }

  saveNowButton(turn: Locator = this.lastTurn): Locator {
    return turn.getByTestId("write-save-now");
  }

  writeMessage(turn: Locator = this.lastTurn): Locator {
    return turn.getByTestId("write-message");
  }

  conversationItem(conversationId: string): Locator {
    return this.page.locator(`[data-testid="conversation-item"][data-conversation-id="${conversationId}"]`);
  }
}
