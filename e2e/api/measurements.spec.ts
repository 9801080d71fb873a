// The measurement routes: Idempotency-Key rules (replay, 422, 400, 409 in flight), conflicts, validation, ranges, delete.
import { savedMeasurementSchema, measurementListSchema, measurementRecordSchema } from "@/lib/http/response-schemas";
import { expect, expectJson, expectProblem, putMeasurement, storedRecords, test } from "./api-fixtures";

test("the same key and body replays the first response: status and body byte for byte", async ({ signUp }) => {
  const user = await signUp();
  const first = await putMeasurement(user.bearer, { date: "2020-01-10", body: { values: { weight_kg: 76 }, note: 'after "run"' }, key: "replay-key" });
  const firstBody = await first.text();
  expect(first.status(), firstBody).toBe(201);
  expect(savedMeasurementSchema.parse(JSON.parse(firstBody))).toEqual({
    date: "2020-01-10",
    values: { weight_kg: 76 },
    created: true,
    idempotency_key: "replay-key",
  });
  expect(first.headers()["cache-control"]).toBe("no-store");

  const replay = await putMeasurement(user.bearer, { date: "2020-01-10", body: { note: 'after "run"', values: { weight_kg: 76 } }, key: "replay-key" });
  expect(replay.status()).toBe(201);
  expect(await replay.text()).toBe(firstBody);
  expect(replay.headers()["idempotent-replayed"]).toBe("true");

  // A new key with the same values is an update that changed nothing: 200, created false.
  const again = await expectJson(await putMeasurement(user.bearer, { date: "2020-01-10", body: { values: { weight_kg: 76 } }, key: "second-key" }), 200);
  expect(again).toEqual({ date: "2020-01-10", values: { weight_kg: 76 }, created: false, previous: { weight_kg: 76 }, idempotency_key: "second-key" });
  const record = measurementRecordSchema.parse(await expectJson(await user.bearer.get("/api/v1/measurements/2020-01-10")));
  expect(record).toMatchObject({ date: "2020-01-10", values: { weight_kg: 76 }, note: 'after "run"' });
});

test("the same key with another body is 422 and changes nothing", async ({ signUp }) => {
  const user = await signUp();
  expect((await putMeasurement(user.bearer, { date: "2020-01-11", body: { values: { weight_kg: 76 } }, key: "key-422" })).status()).toBe(201);
  const before = await expectJson(await user.bearer.get("/api/v1/measurements/2020-01-11"));
  await expectProblem(await putMeasurement(user.bearer, { date: "2020-01-11", body: { values: { weight_kg: 80 }, replace: true }, key: "key-422" }), {
    status: 422,
    type: "idempotency_key_reused",
  });
  // Another date under the same key is another body too.
  await expectProblem(await putMeasurement(user.bearer, { date: "2020-01-12", body: { values: { weight_kg: 76 } }, key: "key-422" }), {
    status: 422,
    type: "idempotency_key_reused",
  });
  expect(await expectJson(await user.bearer.get("/api/v1/measurements/2020-01-11"))).toEqual(before);
  expect((await storedRecords(user.bearer)).map((record) => record.date)).toEqual(["2020-01-11"]);
});

test("PUT without an Idempotency-Key, or with one over 255 characters, is 400 and writes nothing", async ({ signUp }) => {
  const user = await signUp();
  await expectProblem(await putMeasurement(user.bearer, { date: "2020-01-13", body: { values: { weight_kg: 76 } } }), {
    status: 400,
    type: "idempotency_key_required",
  });
  await expectProblem(await putMeasurement(user.bearer, { date: "2020-01-13", body: { values: { weight_kg: 76 } }, key: "k".repeat(256) }), {
    status: 400,
    type: "idempotency_key_invalid",
  });
  expect(await storedRecords(user.bearer)).toEqual([]);
  expect((await putMeasurement(user.bearer, { date: "2020-01-13", body: { values: { weight_kg: 76 } }, key: "k".repeat(255) })).status()).toBe(201);
});

test("a second request with the key while the first is still running is 409; afterwards the key replays", async ({ signUp }) => {
  const user = await signUp();
  // One slow write attempt (QA fault on this user's storage) keeps the first request in flight for a few hundred ms.
  expect((await user.bearer.post("/api/v1/qa/faults", { data: { target: "write", mode: "slow", count: 1 } })).status()).toBe(201);
  const send = () => putMeasurement(user.bearer, { date: "2020-01-14", body: { values: { weight_kg: 76.5 } }, key: "concurrent-key" });
  const responses = await Promise.all([send(), send()]);
  const statuses = responses.map((response) => response.status()).sort();
  expect(statuses).toEqual([201, 409]);
  const original = responses.find((response) => response.status() === 201);
  const refused = responses.find((response) => response.status() === 409);
  await expectProblem(refused!, { status: 409, type: "idempotency_key_in_flight" });

  const later = await send();
  expect(later.status()).toBe(201);
  expect(await later.text()).toBe(await original!.text());
  expect((await storedRecords(user.bearer)).map((record) => [record.date, record.values])).toEqual([["2020-01-14", { weight_kg: 76.5 }]]);
});

test("a different stored value is a 409 conflict naming it, unless replace is true; the conflict replays under its key", async ({ signUp }) => {
  const user = await signUp();
  expect((await putMeasurement(user.bearer, { date: "2020-01-15", body: { values: { weight_kg: 76, waist_cm: 80 } }, key: "stored" })).status()).toBe(201);
  const conflict = await putMeasurement(user.bearer, { date: "2020-01-15", body: { values: { weight_kg: 77.4 } }, key: "conflicting" });
  const conflictText = await conflict.text();
  const body = await expectProblem(conflict, { status: 409, type: "conflict" });
  expect(body).toMatchObject({ date: "2020-01-15", fields: ["weight_kg"], stored: { weight_kg: 76 }, proposed: { weight_kg: 77.4 } });
  expect(body.detail).toContain("weight_kg 76");
  const conflictReplay = await putMeasurement(user.bearer, { date: "2020-01-15", body: { values: { weight_kg: 77.4 } }, key: "conflicting" });
  expect([conflictReplay.status(), await conflictReplay.text()]).toEqual([409, conflictText]);
  expect((await storedRecords(user.bearer))[0]?.values).toEqual({ weight_kg: 76, waist_cm: 80 });

  const replaced = await expectJson(
    await putMeasurement(user.bearer, { date: "2020-01-15", body: { values: { weight_kg: 77.4 }, replace: true }, key: "replacing" }),
    200,
  );
  expect(replaced).toEqual({
    date: "2020-01-15",
    values: { weight_kg: 77.4, waist_cm: 80 },
    created: false,
    previous: { weight_kg: 76, waist_cm: 80 },
    idempotency_key: "replacing",
  });
});

test("invalid values are 400 with the constraint, the value received and a valid form, in the caller's language", async ({ signUp }) => {
  const user = await signUp();
  const english = await expectProblem(await putMeasurement(user.bearer, { date: "2020-01-16", body: { values: { weight_kg: "77.4 kg" } }, key: "invalid-1" }), {
    status: 400,
    type: "bad_arguments",
  });
  expect(english.detail).toBe("weight_kg must be a number of kilograms from 20 to 400, with at most one decimal. Received '77.4 kg'. Send 77.4.");
  expect(english.errors).toEqual([{ message: english.detail, field: "weight_kg", received: "77.4 kg", min: 20, max: 400, unit: "kg", example: 77.4 }]);

  const spanish = await expectProblem(
    await putMeasurement(user.bearer, {
      date: "4th of March",
      body: { values: { weight_kg: 77.4 } },
      key: "invalid-2",
      headers: { "accept-language": "es-ES,es;q=0.9" },
    }),
    { status: 400, type: "bad_arguments" },
  );
  expect(spanish.detail).toMatch(/^date debe ser AAAA-MM-DD \(una fecha real del calendario\)\. Recibido '4th of March'\. Ejemplo: \d{4}-\d\d-\d\d\.$/);

  const unknownField = await expectProblem(await putMeasurement(user.bearer, { date: "2020-01-16", body: { values: { weight: 77.4 } }, key: "invalid-3" }), {
    status: 400,
    type: "bad_arguments",
  });
  expect(unknownField.detail).toContain("Unknown field 'weight'. Valid fields: weight_kg, body_fat_pct");
  await expectProblem(await putMeasurement(user.bearer, { date: "2020-01-16", body: { date: "2020-01-16", values: { weight_kg: 70 } }, key: "invalid-4" }), {
    status: 400,
    type: "bad_arguments",
  });
  const malformed = await user.bearer.put("/api/v1/measurements/2020-01-16", {
    data: Buffer.from("{not json"),
    headers: { "idempotency-key": "invalid-5", "content-type": "application/json" },
  });
  await expectProblem(malformed, { status: 400, type: "invalid_body" });
  expect(await storedRecords(user.bearer)).toEqual([]);
  // The invalid requests claimed no key: the first key still saves.
  expect((await putMeasurement(user.bearer, { date: "2020-01-16", body: { values: { weight_kg: 77.4 } }, key: "invalid-1" })).status()).toBe(201);
});

test("a range lists every record with complete: true; over 366 days is 400 range_too_large", async ({ signUp }) => {
  const user = await signUp();
  for (const [date, weight] of [
    ["2020-01-02", 75.5],
    ["2020-12-31", 74],
    ["2019-12-31", 77],
  ] as const) {
    expect((await putMeasurement(user.bearer, { date, body: { values: { weight_kg: weight } }, key: `range-${date}` })).status()).toBe(201);
  }
  const list = measurementListSchema.parse(await expectJson(await user.bearer.get("/api/v1/measurements?from=2020-01-01&to=2020-12-31")));
  expect(list).toMatchObject({ from: "2020-01-01", to: "2020-12-31", complete: true });
  expect(list.records.map((record) => [record.date, record.values.weight_kg])).toEqual([
    ["2020-01-02", 75.5],
    ["2020-12-31", 74],
  ]);
  const empty = await expectJson(await user.bearer.get("/api/v1/measurements?from=2021-01-01&to=2021-01-31"));
  expect(empty).toEqual({ from: "2021-01-01", to: "2021-01-31", complete: true, records: [] });

  const tooLarge = await expectProblem(await user.bearer.get("/api/v1/measurements?from=2019-12-31&to=2020-12-31"), { status: 400, type: "range_too_large" });
  expect(tooLarge).toMatchObject({ from: "2019-12-31", to: "2020-12-31", days: 367, max_days: 366 });
  await expectProblem(await user.bearer.get("/api/v1/measurements?from=2020-02-01&to=2020-01-01"), { status: 400, type: "bad_arguments" });
  await expectProblem(await user.bearer.get("/api/v1/measurements?to=2020-01-01"), { status: 400, type: "bad_arguments" });
});

test("GET of a date without a record is 404; DELETE is idempotent", async ({ signUp }) => {
  const user = await signUp();
  const missing = await expectProblem(await user.bearer.get("/api/v1/measurements/2020-01-20"), { status: 404, type: "not_found" });
  expect(missing.detail).toBe("There is no measurement record for 2020-01-20. This does not tell whether records exist on other dates.");
  expect((await putMeasurement(user.bearer, { date: "2020-01-20", body: { values: { body_fat_pct: 18.5 } }, key: "to-delete" })).status()).toBe(201);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await user.bearer.delete("/api/v1/measurements/2020-01-20");
    expect(response.status()).toBe(204);
    expect(response.headers()["cache-control"]).toBe("no-store");
  }
  await expectProblem(await user.bearer.get("/api/v1/measurements/2020-01-20"), { status: 404, type: "not_found" });
});

test("a read fault makes a read 503 unavailable, never a 404", async ({ signUp }) => {
  const user = await signUp();
  expect((await putMeasurement(user.bearer, { date: "2020-01-21", body: { values: { weight_kg: 70 } }, key: "before-fault" })).status()).toBe(201);
  expect((await user.bearer.post("/api/v1/qa/faults", { data: { target: "read", mode: "unavailable" } })).status()).toBe(201);
  const unavailable = await expectProblem(await user.bearer.get("/api/v1/measurements/2020-01-22"), { status: 503, type: "unavailable" });
  expect(unavailable.detail).toContain("this does not mean there is no record");
  await expectProblem(await user.bearer.get("/api/v1/measurements?from=2020-01-01&to=2020-01-31"), { status: 503, type: "unavailable" });
  await user.bearer.delete("/api/v1/qa/faults");
  expect((await storedRecords(user.bearer)).map((record) => record.date)).toEqual(["2020-01-21"]);
});

test("a lost acknowledgement is 500 outcome_unknown; the same key then replays the stored record once", async ({ signUp }) => {
  const user = await signUp();
  expect((await user.bearer.post("/api/v1/qa/faults", { data: { target: "write", mode: "lost_ack", count: 1 } })).status()).toBe(201);
  const uncertain = await expectProblem(await putMeasurement(user.bearer, { date: "2020-01-23", body: { values: { weight_kg: 72 } }, key: "lost-ack" }), {
    status: 500,
    type: "outcome_unknown",
  });
  expect(uncertain).toMatchObject({ date: "2020-01-23", idempotency_key: "lost-ack" });
  const retried = await expectJson(await putMeasurement(user.bearer, { date: "2020-01-23", body: { values: { weight_kg: 72 } }, key: "lost-ack" }), 201);
  expect(retried).toEqual({ date: "2020-01-23", values: { weight_kg: 72 }, created: true, idempotency_key: "lost-ack" });
  expect((await storedRecords(user.bearer)).map((record) => record.date)).toEqual(["2020-01-23"]);
});
