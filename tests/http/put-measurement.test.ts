// PUT /api/v1/measurements/:date judged by the shared validation: a note with a lone surrogate is a 400 bad_arguments problem
// with the contract's message, and nothing is written; well-formed text outside the basic plane is stored unchanged.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { resetEnvForTests } from "@/lib/env";
import { putMeasurement } from "@/lib/http/put-measurement";
import { getMeasurementByDate } from "@/lib/measurements/read-measurements";
import { createTestUser } from "@/tests/support/create-test-user";
import { storeAdapters, type OpenedStore } from "@/tests/store/store-adapters";

let database: OpenedStore;
const userId = "api-user";

const put = (body: unknown, locale: "en" | "es" = "en") =>
  putMeasurement({ user: { id: userId, units: "metric" }, date: "2020-01-04", idempotencyKey: "key-1", body, locale });

describe.each(storeAdapters)("on $name", ({ open }) => {
  beforeEach(async () => {
    database = await open();
    await createTestUser(database.store, { id: userId });
    setStore(database.store);
    resetEnvForTests();
  });
  afterEach(async () => {
    setStore(undefined);
    await database.close();
  });

  describe("PUT /api/v1/measurements/:date with a note", () => {
    it("answers 400 bad_arguments for a lone surrogate, naming it in the caller's language, and writes nothing", async () => {
      const response = await put({ values: { weight_kg: 77 }, note: "ok \ud800" }, "es");
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const message =
        "note debe ser un texto bien formado, y contiene un sustituto UTF-16 suelto (\\uD800, la mitad de un carácter como un emoji), que no se puede guardar tal como llegó. Recibido 'ok \\uD800'. Envía la nota sin él, o con el carácter completo.";
      expect(await response.json()).toEqual({
        type: "https://palestra.dev/problems/bad_arguments",
        title: "Invalid arguments",
        status: 400,
        detail: message,
        errors: [{ message, field: "note", reason: "lone_surrogate", surrogate: "\\uD800", index: 3, received: "ok \\uD800" }],
      });
      expect(await database.store.inspection.countRows({ table: "measurement" })).toBe(0);
      expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(0);
    });

    it("stores a well-formed note with characters outside the basic plane and reads it back unchanged", async () => {
      const note = "💪 𝔐𝔢𝔞𝔰𝔲𝔯𝔢 🏋️‍♀️";
      const response = await put({ values: { weight_kg: 77 }, note });
      expect(response.status).toBe(201);
      expect(await getMeasurementByDate({ store: database.store, userId, date: "2020-01-04" })).toMatchObject({ note });
    });
  });

  describe("PUT /api/v1/measurements/:date with a Time-Zone header", () => {
    /** 09:00 on 30 November in Auckland (UTC+13): still 29 November on the UTC server. */
    const now = new Date("2026-11-29T20:00:00Z");
    const putOn = (date: string, timeZone: string | null, idempotencyKey = `key-${date}-${timeZone}`) =>
      putMeasurement({ user: { id: userId, units: "metric" }, date, idempotencyKey, timeZone, body: { values: { weight_kg: 77.9 } }, locale: "en", now });
    let serverZone: string | undefined;
    beforeEach(() => {
      // Without the header the server's own zone decides; pinned so the expected dates hold on every machine.
      serverZone = process.env.TZ;
      process.env.TZ = "UTC";
    });
    afterEach(() => {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    });

    it("saves an Auckland client's today while the server's date is still yesterday", async () => {
      const response = await putOn("2026-11-30", "Pacific/Auckland");
      expect(response.status).toBe(201);
      expect(await getMeasurementByDate({ store: database.store, userId, date: "2026-11-30" })).toMatchObject({ values: { weight_kg: 77.9 } });
    });

    it("still refuses the day after the client's today as future_date, writing nothing", async () => {
      const response = await putOn("2026-12-01", "Pacific/Auckland");
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        type: "https://palestra.dev/problems/bad_arguments",
        errors: [{ argument: "date", received: "2026-12-01", today: "2026-11-30" }],
      });
      expect(await database.store.inspection.countRows({ table: "measurement" })).toBe(0);
    });

    it("keeps the server's date without the header: the Auckland today is refused as future_date", async () => {
      const response = await putOn("2026-11-30", null);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ argument: "date", received: "2026-11-30", today: "2026-11-29" }] });
    });

    it.each([["Mars/Olympus_Mons"], [""]])("answers 400 invalid_request for the unknown zone %j and writes nothing", async (timeZone) => {
      const response = await putOn("2026-11-29", timeZone);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        type: "https://palestra.dev/problems/invalid_request",
        title: "Invalid request",
        status: 400,
        detail: "The Time-Zone header must be an IANA time zone name such as Pacific/Auckland or America/New_York; leave it out to use the server's date.",
        errors: [{ path: "Time-Zone", message: "unknown time zone" }],
      });
      expect(await database.store.inspection.countRows({ table: "measurement" })).toBe(0);
      expect(await database.store.inspection.countRows({ table: "idempotency_record" })).toBe(0);
    });
  });
});
