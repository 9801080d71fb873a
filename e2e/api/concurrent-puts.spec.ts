// Concurrency through HTTP: 20 simultaneous PUTs with one Idempotency-Key store one change and answer it once; the
// rest are byte-identical replays or 409 in flight.
import type { APIResponse } from "@playwright/test";
import { savedMeasurementSchema } from "@/lib/http/response-schemas";
import { expect, expectProblem, putMeasurement, storedRecords, test, type ApiUser } from "./api-fixtures";
import { holdPostgresSaves } from "./hold-postgres-saves";

const CONCURRENT_REQUESTS = 20;

type Answer = { status: number; body: string; replayed: boolean; response: APIResponse };

async function sendConcurrently(user: ApiUser, options: { date: string; key: string }): Promise<Answer[]> {
  const send = () => putMeasurement(user.bearer, { date: options.date, body: { values: { weight_kg: 81.3 }, note: "twenty at once" }, key: options.key });
  const responses = await Promise.all(Array.from({ length: CONCURRENT_REQUESTS }, send));
  return Promise.all(
    responses.map(async (response) => ({
      status: response.status(),
      body: await response.text(),
      replayed: response.headers()["idempotent-replayed"] === "true",
      response,
    })),
  );
}

/** One 201 original, every other answer a byte-identical replay or a 409 in flight, and one stored record; returns the 409 count. */
async function expectOneChange(user: ApiUser, answers: Answer[], options: { date: string; key: string }): Promise<number> {
  const figures = answers.map((answer) => (answer.replayed ? "replay" : String(answer.status)));
  test.info().annotations.push({
    type: "answers",
    description: ["201", "replay", "409"].map((kind) => `${kind}=${figures.filter((figure) => figure === kind).length}`).join(" "),
  });
  const originals = answers.filter((answer) => answer.status === 201 && !answer.replayed);
  expect(originals, answers.map((answer) => `${answer.status} ${answer.body}`).join("\n")).toHaveLength(1);
  const original = originals[0] as Answer;
  expect(savedMeasurementSchema.parse(JSON.parse(original.body))).toEqual({
    date: options.date,
    values: { weight_kg: 81.3 },
    created: true,
    idempotency_key: options.key,
  });
  const replays = answers.filter((answer) => answer.replayed);
  for (const replay of replays) expect([replay.status, replay.body]).toEqual([201, original.body]);
  const inFlight = answers.filter((answer) => answer.status === 409);
  for (const refused of inFlight) await expectProblem(refused.response, { status: 409, type: "idempotency_key_in_flight" });
  expect(1 + replays.length + inFlight.length).toBe(CONCURRENT_REQUESTS);

  const records = await storedRecords(user.bearer);
  expect(records.map((record) => [record.date, record.values])).toEqual([[options.date, { weight_kg: 81.3 }]]);
  // Once the original has finished, the key replays it byte for byte.
  const later = await putMeasurement(user.bearer, { date: options.date, body: { values: { weight_kg: 81.3 }, note: "twenty at once" }, key: options.key });
  expect([later.status(), await later.text(), later.headers()["idempotent-replayed"]]).toEqual([201, original.body, "true"]);
  return inFlight.length;
}

test("20 concurrent PUTs with one Idempotency-Key: one 201 original, the rest replays or 409 in flight, one stored record", async ({ signUp }) => {
  const user = await signUp("concurrent");
  const options = { date: "2020-02-01", key: "twenty-at-once" };
  await expectOneChange(user, await sendConcurrently(user, options), options);
});

test("20 concurrent PUTs while the first write is slow: the others are refused in flight, and still one record", async ({ signUp }, testInfo) => {
  test.skip(testInfo.project.name === "postgres", "on PostgreSQL the first write is held by a lock instead: the test below");
  const user = await signUp("concurrent-slow");
  // One slow write attempt (QA fault) holds the original in flight, so the 409 path is certainly taken.
  expect((await user.bearer.post("/api/v1/qa/faults", { data: { target: "write", mode: "slow", count: 1 } })).status()).toBe(201);
  const options = { date: "2020-02-02", key: "twenty-while-slow" };
  const refused = await expectOneChange(user, await sendConcurrently(user, options), options);
  expect(refused).toBeGreaterThan(0);
});

test("PostgreSQL: a PUT held inside its change while 19 duplicates arrive: all 19 refused in flight, then one change and one outcome", async ({
  signUp,
}, testInfo) => {
  test.skip(testInfo.project.name !== "postgres", "holds a lock in the PostgreSQL server's database");
  const user = await signUp("concurrent-held");
  const options = { date: "2020-02-03", key: "nineteen-while-held" };
  // No timing: the first PUT waits on a lock this test holds, after its claim has committed and before its change
  // and outcome can, and the duplicates go out only once it is seen waiting there.
  const held = await holdPostgresSaves({ email: user.credentials.email, date: options.date });
  try {
    const send = () => putMeasurement(user.bearer, { date: options.date, body: { values: { weight_kg: 81.3 }, note: "twenty at once" }, key: options.key });
    const first = send();
    await held.untilOneWaits();
    expect(await held.keyRecords(options.key)).toEqual({ completed: 0, claims: 1 });
    const duplicates = await Promise.all(Array.from({ length: CONCURRENT_REQUESTS - 1 }, send));
    for (const duplicate of duplicates) {
      await expectProblem(duplicate, { status: 409, type: "idempotency_key_in_flight" });
      expect(Number(duplicate.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    // Nothing was written while it was held.
    expect(await storedRecords(user.bearer)).toEqual([]);
    await held.release();
    const answers = await Promise.all(
      [await first, ...duplicates].map(async (response) => ({
        status: response.status(),
        body: await response.text(),
        replayed: response.headers()["idempotent-replayed"] === "true",
        response,
      })),
    );
    expect(await expectOneChange(user, answers, options)).toBe(CONCURRENT_REQUESTS - 1);
    expect(await held.keyRecords(options.key)).toEqual({ completed: 1, claims: 0 });
  } finally {
    await held.close();
  }
});
