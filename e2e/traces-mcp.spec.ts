// What a person sees of an assistant's MCP calls: their own list on /traces and one call's detail, in en/es/pt and on a
// phone; another person never sees them.
import { callMcpTool, connectMcp, createApiKey } from "./api/mcp-client";
import { expect, test } from "./fixtures";

test("/traces lists the calls an assistant made over MCP, and one call's detail shows its stored result", async ({
  page,
  user,
  baseURL,
  appHeader,
  signInAnotherUser,
}, testInfo) => {
  void user;
  await page.goto("/traces");
  await expect(page.getByTestId("mcp-calls")).toHaveCount(0);

  const origin = new URL(baseURL ?? "").origin;
  const createKey = (scope: "read" | "read_write") => createApiKey(page.request, scope, { origin });
  const client = await connectMcp({ baseURL: baseURL ?? "", key: await createKey("read_write"), headers: { "user-agent": "Claude-Desktop/1.0 (e2e)" } });
  const readOnly = await connectMcp({ baseURL: baseURL ?? "", key: await createKey("read") });
  try {
    await callMcpTool(client, "save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 }, idempotency_key: "trace-key" });
    await callMcpTool(client, "read_measurement", { date: "2020-01-02" });
    await callMcpTool(readOnly, "save_measurement", { date: "2020-01-05", values: { weight_kg: 70 } });
  } finally {
    await client.close();
    await readOnly.close();
  }

  await page.goto("/traces");
  const rows = page.getByTestId("mcp-trace-row");
  await expect(rows).toHaveCount(3);
  // Newest first.
  expect(await rows.evaluateAll((elements) => elements.map((row) => `${row.getAttribute("data-tool")}:${row.getAttribute("data-code")}`))).toEqual([
    "save_measurement:forbidden",
    "read_measurement:not_found",
    "save_measurement:ok",
  ]);
  await expect(rows.nth(2)).toContainText("Claude-Desktop/1.0 (e2e)");
  await page.screenshot({ path: testInfo.outputPath("traces-mcp-en.png"), fullPage: true });

  await rows.nth(2).getByTestId("mcp-trace-link").click();
  await expect(page.getByTestId("mcp-trace-summary")).toHaveAttribute("data-code", "ok");
  await expect(page.getByTestId("mcp-trace-source")).toHaveText("MCP (an assistant with an API key)");
  await expect(page.getByTestId("mcp-trace-key")).toHaveText("trace-key");
  await expect(page.getByTestId("mcp-trace-attempts")).toHaveText("1");
  expect(JSON.parse((await page.getByTestId("mcp-trace-outcome").textContent()) ?? "")).toEqual({
    date: "2020-01-04",
    values: { weight_kg: 77.4 },
    created: true,
    idempotency_key: "trace-key",
  });
  await page.screenshot({ path: testInfo.outputPath("traces-mcp-detail-en.png"), fullPage: true });

  await appHeader.chooseLanguage("es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Llamada a herramienta por MCP");
  await page.screenshot({ path: testInfo.outputPath("traces-mcp-detail-es.png"), fullPage: true });
  await page.goto("/traces");
  await expect(page.getByRole("heading", { level: 2, name: "Llamadas de asistentes (MCP)" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("traces-mcp-es.png"), fullPage: true });

  await appHeader.chooseLanguage("pt");
  await expect(page.getByRole("heading", { level: 2, name: "Chamadas de assistentes (MCP)" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "no sideways scrolling on a phone").toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("traces-mcp-pt-phone.png"), fullPage: true });
  await rows.first().getByTestId("mcp-trace-link").click();
  await expect(page.getByTestId("mcp-trace-summary")).toHaveAttribute("data-code", "forbidden");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("traces-mcp-detail-pt-phone.png"), fullPage: true });
  const ownCallUrl = page.url();

  // Someone else sees neither the list nor the call.
  const other = await signInAnotherUser();
  await other.page.goto("/traces");
  await expect(other.page.getByTestId("mcp-trace-row")).toHaveCount(0);
  expect((await other.page.goto(ownCallUrl))?.status()).toBe(404);
});
