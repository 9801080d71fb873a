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
  const saved = await expectJson(
    await putMeasurement(user.bearer, { date: away.personToday, body: { values: { weight_kg: 77.9 } }, key: "tz-today", headers }),
    201,
  );
  expect(saved).toMatchObject({ date: away.personToday, created: true });
  const tomorrow = addDays(away.personToday, 1);
  const refused = await expectProblem(
    await putMeasurement(user.bearer, { date: tomorrow, body: { values: { weight_kg: 77.9 } }, key: "tz-tomorrow", headers }),
    { status: 400, type: "bad_arguments" },
  );
  expect(refused.errors).toEqual([expect.objectContaining({ argument: "date", received: tomorrow, today: away.personToday })]);
  const serverTomorrow = addDays(away.serverToday, 1);
  const withoutHeader = await expectProblem(
    await putMeasurement(user.bearer, { date: serverTomorrow, body: { values: { weight_kg: 77.9 } }, key: "tz-none" }),
    { status: 400, type: "bad_arguments" },
  );
  expect(withoutHeader.errors).toEqual([expect.objectContaining({ today: away.serverToday })]);
  await expectProblem(
    await putMeasurement(user.bearer, {
      date: away.serverToday,
      body: { values: { weight_kg: 77.9 } },
      key: "tz-bad",
      headers: { "time-zone": "Mars/Olympus_Mons" },
    }),
    {
      status: 400,
      type: "invalid_request",
    },
  );
});

test("POST /api/v1/chat tells the Coach the client's today, and refuses an unknown timeZone", async ({ signUp }) => {
  const user = await signUp();
  const away = zoneAwayFromUtc();
  const turn = chatResponseSchema.parse(
    await expectJson(await user.bearer.post("/api/v1/chat", { data: { message: `Save weight 77.9 kg for ${away.personToday}`, timeZone: away.zone } })),
  );
  expect(turn.toolCalls.map((call) => [call.name, call.error ?? call.status])).toEqual([["save_measurement", "ok"]]);
  const problem = await expectProblem(await user.bearer.post("/api/v1/chat", { data: { message: "hello", timeZone: "Mars/Olympus_Mons" } }), {
    status: 400,
    type: "invalid_request",
  });
  expect(problem.errors).toEqual([{ path: "timeZone", message: "must be an IANA time zone name such as Pacific/Auckland or America/New_York" }]);
});

test("GET one, GET a range and DELETE judge future dates by the same Time-Zone header", async ({ signUp }) => {
  const user = await signUp();
  const away = zoneAwayFromUtc();
  const headers = { "time-zone": away.zone };
  const tomorrow = addDays(away.personToday, 1);
  expect((await putMeasurement(user.bearer, { date: away.personToday, body: { values: { weight_kg: 77.9 } }, key: "tz-read", headers })).status()).toBe(201);
  // Ahead of the server (Kiritimati), reading the person's today needs the header; behind it (Pago Pago), refusing
  // the person's tomorrow (the server's today) does: each run proves one of the two.
  expect(await expectJson(await user.bearer.get(`/api/v1/measurements/${away.personToday}`, { headers }))).toMatchObject({ date: away.personToday });
  const range = await expectJson<{ records: { date: string }[] }>(
    await user.bearer.get(`/api/v1/measurements?from=${addDays(away.personToday, -7)}&to=${away.personToday}`, { headers }),
  );
  expect(range.records.map((record) => record.date)).toEqual([away.personToday]);
  for (const response of [
    await user.bearer.get(`/api/v1/measurements/${tomorrow}`, { headers }),
    await user.bearer.get(`/api/v1/measurements?from=${away.personToday}&to=${tomorrow}`, { headers }),
    await user.bearer.delete(`/api/v1/measurements/${tomorrow}`, { headers }),
  ]) {
    const refused = await expectProblem(response, { status: 400, type: "bad_arguments" });
    expect(refused.errors).toEqual([expect.objectContaining({ received: tomorrow, today: away.personToday })]);
  }
  await expectProblem(await user.bearer.get(`/api/v1/measurements/${away.personToday}`, { headers: { "time-zone": "Mars/Olympus_Mons" } }), {
    status: 400,
    type: "invalid_request",
  });
  expect((await user.bearer.delete(`/api/v1/measurements/${away.personToday}`, { headers })).status()).toBe(204);
  expect((await user.bearer.get(`/api/v1/measurements/${away.personToday}`, { headers })).status()).toBe(404);
});
