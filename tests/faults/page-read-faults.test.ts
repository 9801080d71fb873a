// The /measurements page's listing under the user's QA read faults: retried like the Coach's reads, and reported as
// unreadable (never as an empty list) when every attempt fails.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readPageRecords } from "@/app/measurements/read-page-records";
import { READ_MAX_ATTEMPTS } from "@/lib/agent/tools/with-read-retries";
import { armFault, listFaults } from "@/lib/faults/manage-faults";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";

let database: TemporaryDatabase;
const userId = "user-a";

beforeEach(async () => {
  database = openTemporaryDatabase();
  await createTestUser(database.store, { id: userId });
  const seeded = await saveMeasurement({
    store: database.store,
    userId,
    idempotencyKey: "seed",
    input: { date: "2020-03-04", values: { weight_kg: 77.4 } },
    traceId: "t",
    locale: "en",
  });
  expect(seeded.status).toBe("executed");
});
afterEach(() => database.remove());

const read = (enabled = true) => readPageRecords({ store: database.store, userId, faults: createStorageFaults({ store: database.store, userId, enabled }) });
const arm = (mode: "transient" | "unavailable", count?: number) => armFault({ store: database.store, userId, input: { target: "read", mode, count } });

describe("readPageRecords", () => {
  it("lists every record when no fault is armed", async () => {
    expect(await read()).toEqual({ ok: true, records: [expect.objectContaining({ date: "2020-03-04", values: { weight_kg: 77.4 } })] });
  });

  it("unavailable: reports the read as failed after the bounded attempts instead of an empty list", async () => {
    await arm("unavailable");
    expect(await read()).toEqual({ ok: false, attempts: READ_MAX_ATTEMPTS });
  });

  it("transient once: the retry reads the records and uses the fault up", async () => {
    await arm("transient", 1);
    expect(await read()).toEqual({ ok: true, records: [expect.objectContaining({ date: "2020-03-04" })] });
    expect(await listFaults({ store: database.store, userId })).toEqual([]);
  });

  it("with QA disabled an armed fault does nothing", async () => {
    await arm("unavailable");
    expect(await read(false)).toMatchObject({ ok: true, records: [expect.objectContaining({ date: "2020-03-04" })] });
  });
});
