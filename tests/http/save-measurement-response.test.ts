import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveMeasurementResponse } from "@/lib/http/save-measurement-response";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { createTestDatabase, type TestDatabase } from "../support/agent-fixtures";
import { createTestUser } from "../support/create-test-user";

let database: TestDatabase;
let userId: string;
beforeEach(async () => {
  database = createTestDatabase();
  userId = await createTestUser(database.store);
});
afterEach(() => database.close());

async function save(idempotencyKey: string, input: SaveMeasurementInput, traceId = "trc_first") {
  const result = await saveMeasurement({ store: database.store, userId, idempotencyKey, input, traceId, locale: "en" });
  const response = saveMeasurementResponse(result, "en");
  return { result, status: response.status, body: await response.text(), headers: response.headers };
}

describe("saveMeasurementResponse", () => {
  it("answers 201 with the recorded success content, and the replay of the key byte for byte", async () => {
    const first = await save("key-1", { date: "2020-01-01", values: { weight_kg: 76 } });
    expect(first.result.status).toBe("executed");
    expect(first.status).toBe(201);
    expect(JSON.parse(first.body)).toEqual({ date: "2020-01-01", values: { weight_kg: 76 }, created: true, idempotency_key: "key-1" });
    const replay = await save("key-1", { date: "2020-01-01", values: { weight_kg: 76 } }, "trc_second");
    expect(replay.result.status).toBe("replayed");
    expect([replay.status, replay.body]).toEqual([first.status, first.body]);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("answers 200 when the date already held the values", async () => {
    await save("key-1", { date: "2020-01-01", values: { weight_kg: 76 } });
    const same = await save("key-2", { date: "2020-01-01", values: { weight_kg: 76 } });
    expect(same.status).toBe(200);
    expect(JSON.parse(same.body)).toMatchObject({ created: false });
  });

  it("answers a 409 conflict problem with the stored values, replayed identically under its key", async () => {
    await save("key-1", { date: "2020-01-01", values: { weight_kg: 76 } });
    const conflict = await save("key-2", { date: "2020-01-01", values: { weight_kg: 77.4 } });
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get("content-type")).toBe("application/problem+json");
    expect(JSON.parse(conflict.body)).toMatchObject({
      type: "https://palestra.dev/problems/conflict",
      status: 409,
      date: "2020-01-01",
      fields: ["weight_kg"],
      stored: { weight_kg: 76 },
      proposed: { weight_kg: 77.4 },
    });
    // Worded for an API client (which request to send), not for the model.
    expect(JSON.parse(conflict.body).detail).toBe(
      '2020-01-01 already holds weight_kg 76; saving weight_kg 77.4 would overwrite it. Nothing was written. To overwrite, send the request again with "replace": true and a new Idempotency-Key.',
    );
    const replay = await save("key-2", { date: "2020-01-01", values: { weight_kg: 77.4 } }, "trc_other");
    expect([replay.status, replay.body]).toEqual([conflict.status, conflict.body]);
  });

  it("answers 422 for the key with another body", async () => {
    await save("key-1", { date: "2020-01-01", values: { weight_kg: 76 } });
    const reused = await save("key-1", { date: "2020-01-01", values: { weight_kg: 80 } });
    expect(reused.status).toBe(422);
    expect(JSON.parse(reused.body)).toMatchObject({ type: "https://palestra.dev/problems/idempotency_key_reused", status: 422 });
  });
});
