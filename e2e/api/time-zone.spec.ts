// The API's time zone: POST /api/v1/chat's timeZone and PUT /api/v1/measurements/:date's Time-Zone header set "today"
// to the client's date; an unknown zone is 400 invalid_request; without either, the server's date as before.
import { addDays } from "@/lib/measurements/dates";
import { chatResponseSchema } from "@/lib/http/response-schemas";
import { zoneAwayFromUtc } from "../time-zones";
import { expect, expectJson, expectProblem, putMeasurement, test } from "./api-fixtures";

test("PUT judges future dates by the Time-Zone header, and by the server's date without it", async ({ signUp }) => {
  const user = await signUp();
  const away = zoneAwayFromUtc();
  expect(away.personToday).not.toBe(away.serverToday);
  const headers = { "time-zone": away.zone };
  const saved = await expectJson(await putMeasurement(user.bearer, { date: away.personToday, body: { values: { weight_kg: 77.9 } }, key: "tz-today", headers }), 201);
  expect(saved).toMatchObject({ date: away.personToday, created: true });
  const tomorrow = addDays(away.personToday, 1);
  const refused = await expectProblem(await putMeasurement(user.bearer, { date: tomorrow, body: { values: { weight_kg: 77.9 } }, key: "tz-tomorrow", headers }), { status: 400, type: "bad_arguments" });
  expect(refused.errors).toEqual([expect.objectContaining({ argument: "date", received: tomorrow, today: away.personToday })]);
  const serverTomorrow = addDays(away.serverToday, 1);
  const withoutHeader = await expectProblem(await putMeasurement(user.bearer, { date: serverTomorrow, body: { values: { weight_kg: 77.9 } }, key: "tz-none" }), { status: 400, type: "bad_arguments" });
  expect(withoutHeader.errors).toEqual([expect.objectContaining({ today: away.serverToday })]);
  await expectProblem(await putMeasurement(user.bearer, { date: away.serverToday, body: { values: { weight_kg: 77.9 } }, key: "tz-bad", headers: { "time-zone": "Mars/Olympus_Mons" } }), {
    status: 400,
    type: "invalid_request",
  });
});

test("POST /api/v1/chat tells the Coach the client's today, and refuses an unknown timeZone", async ({ signUp }) => {
  const user = await signUp();
  const away = zoneAwayFromUtc();
  const turn = chatResponseSchema.parse(
    await expectJson(await user.bearer.post("/api/v1/chat", { data: { message: `Save weight 77.9 kg for ${away.personToday}`, timeZone: away.zone } })),
  );
  expect(turn.toolCalls.map((call) => [call.name, call.error ?? call.status])).toEqual([["save_measurement", "ok"]]);
  const problem = await expectProblem(await user.bearer.post("/api/v1/chat", { data: { message: "hello", timeZone: "Mars/Olympus_Mons" } }), { status: 400, type: "invalid_request" });
  expect(problem.errors).toEqual([{ path: "timeZone", message: "must be an IANA time zone name such as Pacific/Auckland or America/New_York" }]);
});
