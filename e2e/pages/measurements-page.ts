// The /measurements page: add and edit forms, table, charts, exports, and the notice that says what just happened.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";

export type MeasurementEntry = { date?: string; values?: Record<string, string>; note?: string };

export class MeasurementsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/measurements");
  }

  get addForm(): Locator {
    return this.page.getByTestId("measurement-form");
  }

  get editForm(): Locator {
    return this.page.getByTestId("measurement-edit-form");
  }

  get table(): Locator {
    return this.page.getByTestId("measurements-table");
  }

  get rows(): Locator {
    return this.table.locator("tbody tr");
  }

  /** What the page says after an edit, a delete (with Undo) or an undo. */
  get notice(): Locator {
    return this.page.getByTestId("measurements-notice");
  }

  get undoButton(): Locator {
    return this.page.getByTestId("measurement-undo");
  }

  get emptyMessage(): Locator {
    return this.page.getByTestId("measurements-empty");
  }

  /** Shown in place of the table when the records could not be read (a QA read fault): unknown, not empty. */
  get unreadableMessage(): Locator {
    return this.page.getByTestId("measurements-unreadable");
  }

  /** Shown in place of the charts for the same reason. */
  get chartsUnreadableMessage(): Locator {
    return this.page.getByTestId("measurement-charts-unreadable");
  }

  row(date: string): Locator {
    return this.page.getByTestId(`measurement-row-${date}`);
  }

  cell(date: string, field: string): Locator {
    return this.page.getByTestId(`measurement-cell-${date}-${field}`);
  }

  /** The value alone, as shown in the cell (without the line under it that says where it came from). */
  value(date: string, field: string): Locator {
    return this.page.getByTestId(`measurement-value-${date}-${field}`);
  }

  /** The line under a value that says where it came from ("from Withings · 176.8 lb"). */
  provenance(date: string, field: string): Locator {
    return this.page.getByTestId(`measurement-provenance-${date}-${field}`);
  }

  chart(field: string): Locator {
    return this.page.getByTestId(`measurement-chart-${field}`);
  }

  /** The chart's get_trend line (one path; `data-points` and `data-segments` say what it draws). */
  trendLine(field: string): Locator {
    return this.chart(field).getByTestId("chart-trend-line");
  }

  get headline(): Locator {
    return this.page.getByTestId("trend-headline");
  }

  get headlineGoal(): Locator {
    return this.page.getByTestId("trend-headline-goal");
  }

  get goalForm(): Locator {
    return this.page.getByTestId("goal-form");
  }

  goalStatus(kind: "success" | "error" | "failure"): Locator {
    return this.goalForm.getByTestId(`goal-form-${kind}`);
  }

  async fill(form: Locator, entry: MeasurementEntry): Promise<void> {
    if (entry.date !== undefined) await form.getByTestId("measurement-input-date").fill(entry.date);
    for (const [field, value] of Object.entries(entry.values ?? {})) await form.getByTestId(`measurement-input-${field}`).fill(value);
    if (entry.note !== undefined) await form.getByTestId("measurement-input-note").fill(entry.note);
  }

  /** Fills the add form and submits it once. */
  async add(entry: MeasurementEntry): Promise<void> {
    await this.fill(this.addForm, entry);
    await this.addForm.getByTestId("measurement-submit").click();
  }

  async submit(form: Locator): Promise<void> {
    await form.getByTestId("measurement-submit").click();
  }

  /** The idempotency key the form will send with its next submission. */
  idempotencyKey(form: Locator): Locator {
    return form.getByTestId("measurement-idempotency-key");
  }

  status(form: Locator, kind: "success" | "error" | "conflict" | "failure"): Locator {
    return form.getByTestId(`measurement-form-${kind}`);
  }

  async startEditing(date: string): Promise<void> {
    await this.page.getByTestId(`measurement-edit-${date}`).click();
    await this.editForm.waitFor();
  }

  /** Asks to delete the record (the page asks for confirmation; confirm with `confirmDelete`). */
  async askDelete(date: string): Promise<void> {
    await this.page.getByTestId(`measurement-delete-${date}`).click();
  }

  get confirmDeleteButton(): Locator {
    return this.page.getByTestId("measurement-delete-confirm");
  }

  async delete(date: string): Promise<void> {
    await this.askDelete(date);
    await this.confirmDeleteButton.click();
  }

  /** Clicks an export link and returns the downloaded file's text. */
  async download(format: "csv" | "json"): Promise<{ filename: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.page.getByTestId(`export-${format}`).click()]);
    const file = await download.path();
    return { filename: download.suggestedFilename(), text: await readFile(file, "utf8") };
  }
}
