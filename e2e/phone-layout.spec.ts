// At 390x844 every page fits the screen's width, and the chat opens with its composer in view and the conversation as
// its only scrolling part.
import { newClientAddress } from "./credentials";
import { everyPage, seedAccount, viewports } from "./every-page";
import { expect, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

test.use({ viewport: viewports.phone });

test("no page pans sideways on a phone", async ({ page, user, browser, baseURL }) => {
  test.setTimeout(300_000);
  const account = await seedAccount(page.request, baseURL ?? "", user.email);
  const signedOut = await browser.newContext({ baseURL, viewport: viewports.phone, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
  const visitor = await signedOut.newPage();
  const overflows: Record<string, number> = {};
  // In every language: Spanish and Portuguese words are longer (a trace's fault badge pushed only their pages wider).
  for (const locale of ["en", "es", "pt"]) {
    for (const context of [page.context(), signedOut]) await context.addCookies([{ name: "locale", value: locale, url: baseURL ?? "" }]);
    for (const visit of everyPage(account)) {
      const target = visit.signedIn ? page : visitor;
      await target.goto(visit.path);
      await visit.ready(target);
      overflows[`${visit.name} (${locale})`] = await target.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    }
  }
  await signedOut.close();
  expect(Object.entries(overflows).filter(([, overflow]) => overflow > 0)).toEqual([]);
});

test("the chat opens with the composer in view, and only the conversation scrolls", async ({ page, user, baseURL }) => {
  const account = await seedAccount(page.request, baseURL ?? "", user.email);
  const chatPage = new ChatPage(page);
  for (const path of ["/", `/?c=${account.conversationId}`]) {
    await page.goto(path);
    await expect(chatPage.input, path).toBeInViewport();
    await expect(chatPage.sendButton, path).toBeInViewport();
    // The document itself does not scroll: the header and composer stay put around the conversation.
    const documentScroll = await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
    expect(documentScroll, path).toBeLessThanOrEqual(0);
  }
  // A long conversation scrolls inside its log, which starts at its end (the newest turn).
  for (let index = 0; index < 4; index += 1) await chatPage.ask(`What did I weigh on 2020-01-0${index + 1}?`);
  const log = page.getByTestId("chat-log");
  const scroll = await log.evaluate((element) => ({
    overflow: element.scrollHeight - element.clientHeight,
    fromBottom: element.scrollHeight - element.scrollTop - element.clientHeight,
  }));
  expect(scroll.overflow).toBeGreaterThan(0);
  expect(scroll.fromBottom).toBeLessThan(80);
  await expect(chatPage.input).toBeInViewport();
  // The conversation list opens as a panel, and a conversation opened from it closes it again.
  await page.getByTestId("show-conversations").click();
  await expect(chatPage.conversationLinks.first()).toBeVisible();
  await chatPage.conversationLinks.last().click();
  await expect(chatPage.conversationLinks.first()).toBeHidden();
  await expect(chatPage.input).toBeInViewport();
});
