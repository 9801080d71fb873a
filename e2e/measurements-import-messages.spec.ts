// An import's problems in the person's language, each on the file's own line (a quoted note over two lines counts as
// two), on the page for Palestra's own file and for another app's read by the worker, and from the API with each
// problem's stable code. Spanish on a phone, Portuguese on a desktop.
import { daysAgo, expect, test } from "./fixtures";

const header = "date,weight_kg,body_fat_pct,neck_cm,chest_cm,waist_cm,hips_cm,biceps_cm,quadriceps_cm,calf_cm,height_cm,note,updated_at";
const row = (date: string, weight: string, note = "") => `${date},${weight},,,,,,,,,,${note},2020-01-01T00:00:00.000Z`;
/** Line 2 holds a note that goes on to line 3; the bad date is on line 4, the weight out of range on line 5. */
const palestraCsv = () => [header, row(daysAgo(3), "80", '"after the gym,\nbefore dinner"'), row("2020-02-30", "80"), row(daysAgo(2), "900"), ""].join("\r\n");
/** Withings' weight.csv: the comment of line 2 goes on to line 3, so the unreadable weight is on line 4. */
const withingsCsv = ['Date,"Weight (kg)",Comments', '"2024-05-02 07:00:00",80.2,"new scale', 'first week"', '"2024-05-03 07:00:00",abc,', ""].join("\n");

const words = {
  es: {
    file: "Archivo para importar",
    choose: "Elegir archivo",
    none: "Ningún archivo elegido",
    line: (row: number) => `Línea ${row}:`,
    date: "La fecha «2020-02-30» no es una fecha escrita como año-mes-día.",
    range: "«900» no es un número de",
    unreadable: "«abc» no es un número. Escríbelo con punto decimal, como 77.4.",
    summary: "2 problemas en el archivo; no se importó nada. El primero: línea 4:",
  },
  pt: {
    file: "Arquivo para importar",
    choose: "Escolher arquivo",
    none: "Nenhum arquivo escolhido",
    line: (row: number) => `Linha ${row}:`,
    date: "A data “2020-02-30” não é uma data escrita como ano-mês-dia.",
    range: "“900” não é um número de",
    unreadable: "“abc” não é um número. Escreva-o com ponto decimal, como 77.4.",
    summary: "2 problemas no arquivo; nada foi importado. O primeiro: linha 4:",
  },
};

for (const [locale, viewport] of [
  ["es", { width: 390, height: 844 }],
  ["pt", { width: 1280, height: 800 }],
] as const) {
  test(`import problems read in ${locale}, numbered as the file's lines, with their codes (${viewport.width}px)`, async ({
    page,
    user,
    measurementsPage,
    baseURL,
  }, testInfo) => {
    void user;
    const text = words[locale];
    await page.setViewportSize(viewport);
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL ?? "" }]);
    await measurementsPage.goto();

    // The file picker speaks the page's language (the browser's own control would say "Choose File" in English here);
    // the input stays the control: named by the field's label, described by what is chosen, focused by Tab.
    const picker = page.getByTestId("import-panel").locator(".file-picker");
    await expect(picker.locator("label")).toHaveText(text.choose);
    await expect(page.getByTestId("import-file-chosen")).toHaveText(text.none);
    await expect(page.getByLabel(text.file, { exact: true })).toHaveAttribute("type", "file");
    await expect(page.getByTestId("import-file")).toHaveAccessibleDescription(text.none);
    await page.getByTestId("import-format").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("import-file")).toBeFocused();
    expect(await picker.locator("label").evaluate((label) => getComputedStyle(label).outlineStyle)).toBe("solid");
    await page.getByTestId("import-file").setInputFiles({ name: "palestra-measurements.csv", mimeType: "text/csv", buffer: Buffer.from(palestraCsv()) });
    const errors = page.getByTestId("import-errors").locator("li");
    await expect(errors).toHaveCount(2);
    await expect(errors.nth(0)).toContainText(`${text.line(4)} ${text.date}`);
    await expect(errors.nth(1)).toContainText(text.line(5));
    await expect(errors.nth(1)).toContainText(text.range);
    await expect(page.getByTestId("import-file-chosen")).toHaveText("palestra-measurements.csv");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.getByTestId("import-panel").screenshot({ path: testInfo.outputPath(`import-problems-palestra-${locale}-${viewport.width}.png`) });

    await page.getByTestId("import-format").selectOption("withings");
    await page.getByTestId("import-file").setInputFiles({ name: "weight.csv", mimeType: "text/csv", buffer: Buffer.from(withingsCsv) });
    await page.getByTestId("import-read").click();
    await expect(errors).toHaveCount(1);
    await expect(errors.nth(0)).toContainText(text.line(4));
    await expect(errors.nth(0)).toContainText(text.unreadable);
    await page.getByTestId("import-panel").screenshot({ path: testInfo.outputPath(`import-problems-withings-${locale}-${viewport.width}.png`) });

    // The API says the same, each problem with its code and the file's line as `row`.
    const headers = { origin: baseURL ?? "", "accept-language": locale, "content-type": "text/csv" };
    const own = await page.request.post("/api/v1/measurements/import?dry_run=true", { headers, data: palestraCsv() });
    expect(own.status()).toBe(422);
    const ownBody = (await own.json()) as { detail: string; errors: Array<{ row: number; code: string; detail: string }> };
    expect(ownBody.detail.startsWith(text.summary)).toBe(true);
    expect(ownBody.errors.map(({ row, code }) => ({ row, code }))).toEqual([
      { row: 4, code: "date_invalid" },
      { row: 5, code: "value_invalid" },
    ]);
    expect(ownBody.errors[0]?.detail).toContain(text.date);
    const foreign = await page.request.post("/api/v1/measurements/import?dry_run=true&format=withings", { headers, data: withingsCsv });
    expect(foreign.status()).toBe(422);
    const foreignBody = (await foreign.json()) as { errors: Array<{ row: number; code: string; detail: string }> };
    expect(foreignBody.errors).toEqual([{ row: 4, code: "value_unreadable", detail: expect.stringContaining(text.unreadable) }]);
    await expect(measurementsPage.emptyMessage).toBeVisible();
  });
}
