// `npm run screenshots`: /measurements offline with a save waiting for the network and the banner, at desktop and
// phone size, light and dark, in English and Portuguese, then the form's words once the save was sent, written to
// screenshots/ for people to look at.
import path from "node:path";
import { themes, viewports } from "../every-page";
import { daysAgo, test } from "../fixtures";
import { OfflineQueue, waitForServiceWorker } from "../offline-helpers";

const folder = path.join(process.cwd(), "screenshots");

for (const [size, viewport] of Object.entries(viewports))
  for (const theme of themes)
    for (const language of ["en", "pt"] as const) {
      test(`screenshot of /measurements offline with a waiting save: ${size}-${theme}-${language}`, async ({ page, context, user, measurementsPage, appHeader }) => {
        void user;
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await measurementsPage.goto();
        if (language !== "en") await appHeader.chooseLanguage(language);
        await measurementsPage.add({ date: daysAgo(3), values: { weight_kg: "78.2" } });
        await waitForServiceWorker(page);
        await page.reload();
        await context.setOffline(true);
        await measurementsPage.add({ date: daysAgo(1), values: { weight_kg: "77.4", waist_cm: "82" } });
        const queue = new OfflineQueue(page);
        await queue.save(daysAgo(1)).waitFor();
        await queue.banner.waitFor();
        await page.screenshot({ path: path.join(folder, `offline-${size}-${theme}-${language}.png`) });
        await page.screenshot({ path: path.join(folder, `offline-${size}-${theme}-${language}-full.png`), fullPage: true });
        // Back online: the queue sends the save and the form says it is saved (no longer "not saved yet").
        await context.setOffline(false);
        await measurementsPage.status(measurementsPage.addForm, "success").waitFor();
        await queue.section.waitFor({ state: "detached" });
        await measurementsPage.value(daysAgo(1), "weight_kg").waitFor();
        await page.screenshot({ path: path.join(folder, `offline-sent-${size}-${theme}-${language}.png`) });
      });
    }
