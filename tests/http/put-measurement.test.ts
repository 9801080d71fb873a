// PUT /api/v1/measurements/:date judged by the shared validation: a note with a lone surrogate is a 400 bad_arguments problem
// with the contract's message, and nothing is written; well-formed text outside the basic plane is stored unchanged.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "@/db/client";
import { idempotencyRecord, measurement } from "@/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { putMeasurement } from "@/lib/http/put-measurement";
import { getMeasurementByDate } from "@/lib/measurements/read-measurements";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

let database: TemporaryDatabase;
const userId = "api-user";

beforeEach(() => {
  database = openTemporaryDatabase("palestra-put-");
  createTestUser({ db: database.handle.db, id: userId });
  setDatabase(database.handle);
  resetEnvForTests();
});
afterEach(() => {
  setDatabase(undefined);
  database.remove();
});

const put = (body: unknown, locale: "en" | "es" = "en") => putMeasurement({ userId, date: "2020-01-04", idempotencyKey: "key-1", body, locale });

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
    expect(database.handle.db.select().from(measurement).all()).toEqual([]);
    expect(database.handle.db.select().from(idempotencyRecord).all()).toEqual([]);
  });

  it("stores a well-formed note with characters outside the basic plane and reads it back unchanged", async () => {
    const note = "💪 𝔐𝔢𝔞𝔰𝔲𝔯𝔢 🏋️‍♀️";
    const response = await put({ values: { weight_kg: 77 }, note });
    expect(response.status).toBe(201);
    expect(await getMeasurementByDate({ db: database.handle.db, userId, date: "2020-01-04" })).toMatchObject({ note });
  });
});
