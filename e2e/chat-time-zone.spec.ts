// The chat page sends the browser's time zone with each message: the Coach's today is the person's, not the server's.
import { addDays } from "@/lib/measurements/dates";
import { expect, test } from "./coach-fixtures";
import { zoneAwayFromUtc } from "./time-zones";

const away = zoneAwayFromUtc();
test.use({ timezoneId: away.zone });

test("saves the person's today and refuses their tomorrow, judged by the browser's zone", async ({ user, chatPage }) => {
  void user;
  expect(away.personToday).not.toBe(away.serverToday);
  await chatPage.goto();
  // Ahead of the server (Kiritimati), this save is the server's tomorrow: it passes only with the browser's zone.
  const saved = await chatPage.ask(`Save weight 77.9 kg for ${away.personToday}`);
  expect(await chatPage.chipCodes(saved)).toEqual([["save_measurement", "ok"]]);
  // Behind the server (Pago Pago), this one is the server's today: it is refused only with the browser's zone.
  const refused = await chatPage.ask(`Save weight 78.1 kg for ${addDays(away.personToday, 1)}`);
  expect(await chatPage.chipCodes(refused)).toEqual([["save_measurement", "bad_arguments"]]);
  expect(await chatPage.chipOutcome(chatPage.chips(refused).first())).toMatchObject({
    error: "bad_arguments",
    details: { argument: "date", received: addDays(away.personToday, 1), today: away.personToday },
  });
});
