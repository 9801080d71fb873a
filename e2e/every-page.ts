// Every page of the app with realistic data, for the checks that must hold on all of them (accessibility, phone
// layout) and for `npm run screenshots`: one account with two months of measurements (gaps included), a conversation
// with a stopped save, and the pages a signed-out visitor sees.
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { daysAgo } from "./fixtures";
import { runOperatorCommand } from "./operator-commands";

export type PageVisit = {
  name: string;
  path: string;
  signedIn: boolean;
  /** Waits until the page shows what it is for (charts drawn, turns replayed). */
  ready: (page: Page) => Promise<void>;
};

export type SeededAccount = { conversationId: string; turnId: string; editDate: string };

const json = (origin: string, key?: string) => ({ origin, ...(key ? { "idempotency-key": key } : {}) });

/**
 * Weights and waists over about two months, with a ten-day gap, as a person would record them. The account is made an
 * administrator, so every page (/metrics included) is one it may see.
 */
export async function seedAccount(request: APIRequestContext, origin: string, email: string): Promise<SeededAccount> {
  const promoted = await runOperatorCommand("admin", ["users", "make-admin", email]);
  expect(promoted.exitCode, promoted.stderr).toBe(0);
  const days = [61, 60, 58, 57, 55, 52, 50, 49, 47, 45, 44, 42, 30, 29, 27, 26, 24, 22, 21, 19, 17, 16, 14, 12, 10, 9, 7, 5, 4, 2];
  for (const [index, ago] of days.entries()) {
    const weight = Math.round((82 - index * 0.12 + (index % 3) * 0.3) * 10) / 10;
    const values = index % 4 === 0 ? { weight_kg: weight, waist_cm: Math.round((90 - index * 0.1) * 10) / 10 } : { weight_kg: weight };
    const body = index === days.length - 1 ? { values, note: "After a long run" } : { values };
    const response = await request.put(`/api/v1/measurements/${daysAgo(ago)}`, { data: body, headers: json(origin, randomUUID()) });
    expect(response.status(), await response.text()).toBe(201);
  }
  const first = await request.post("/api/v1/chat", {
    data: { message: `What did I weigh on ${daysAgo(3)}? If there is nothing, try ${daysAgo(4)}.` },
    headers: json(origin),
  });
  expect(first.status(), await first.text()).toBe(200);
  const { conversationId } = (await first.json()) as { conversationId: string };
  const fault = await request.post("/api/v1/qa/faults", { data: { target: "write", mode: "fail_before_commit", count: 1 }, headers: json(origin) });
  expect(fault.status()).toBe(201);
  const second = await request.post("/api/v1/chat", { data: { conversationId, message: `Save weight 79.9 kg for ${daysAgo(1)}` }, headers: json(origin) });
  expect(second.status(), await second.text()).toBe(200);
  const { turnId } = (await second.json()) as { turnId: string };
  const other = await request.post("/api/v1/chat", { data: { message: `Show my measurements from ${daysAgo(20)} to ${daysAgo(1)}` }, headers: json(origin) });
  expect(other.status()).toBe(200);
  return { conversationId, turnId, editDate: daysAgo(2) };
}

const visible = (testId: string) => async (page: Page) => {
  await expect(page.getByTestId(testId).first()).toBeVisible();
};

export function everyPage(account: SeededAccount): PageVisit[] {
  return [
    { name: "landing", path: "/", signedIn: false, ready: visible("landing") },
    { name: "login", path: "/login", signedIn: false, ready: visible("login-form") },
    { name: "signup", path: "/signup", signedIn: false, ready: visible("signup-form") },
    { name: "not-found", path: "/no-such-page", signedIn: false, ready: visible("not-found") },
    { name: "chat-new", path: "/", signedIn: true, ready: visible("chat-empty") },
    {
      name: "chat-conversation",
      path: `/?c=${account.conversationId}`,
      signedIn: true,
      ready: async (page) => {
        await expect(page.getByTestId("write-badge")).toBeVisible();
        // One turn's developer detail open, so its chips are checked and seen too.
        await page.getByTestId("turn-details").first().locator("> summary").click();
      },
    },
    {
      name: "measurements",
      path: "/measurements",
      signedIn: true,
      ready: async (page) => {
        await expect(page.getByTestId("measurement-chart-weight_kg").locator("circle.chart-dot").first()).toBeVisible();
      },
    },
    { name: "measurements-edit", path: `/measurements?edit=${account.editDate}`, signedIn: true, ready: visible("measurement-edit-form") },
    { name: "operator", path: "/operator", signedIn: true, ready: visible("operator-pages") },
    { name: "traces", path: "/traces", signedIn: true, ready: visible("traces-table") },
    { name: "traces-filtered", path: "/traces?outcome=stopped_write_failed&tool=save_measurement", signedIn: true, ready: visible("traces-table") },
    { name: "trace-detail", path: `/traces/${account.turnId}`, signedIn: true, ready: visible("trace-timeline") },
    {
      name: "metrics",
      path: "/metrics",
      signedIn: true,
      ready: async (page) => {
        await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
      },
    },
    { name: "qa", path: "/qa", signedIn: true, ready: visible("qa-arm-form") },
    { name: "account", path: "/account", signedIn: true, ready: visible("units-form") },
  ];
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export const themes = ["light", "dark"] as const;
