// On SQLite without QA faults a keyed write looks its key up once, inside its BEGIN IMMEDIATE transaction: a look-up
// before BEGIN found nothing for every new key and cost each save an implicit read transaction of its own. A replay
// is answered by the look-up inside the transaction (rolled back, nothing written), byte for byte.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openSqliteStore } from "@/db/sqlite/create-sqlite-store";
import { user } from "@/db/sqlite/schema";
import { createStorageFaults } from "@/lib/faults/storage-faults";
import { saveMeasurement } from "@/lib/measurements/save-measurement";

let directory: string;
let store: ReturnType<typeof openSqliteStore>;
/** Each run of a statement that reads idempotency_record: whether a transaction was open when it ran. */
let keyLookUps: boolean[];

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-key-look-ups-"));
  store = openSqliteStore(path.join(directory, "store.db"));
  store.handle.db.insert(user).values({ id: "u1", name: "User u1", email: "u1@look-ups.test" }).run();
  keyLookUps = [];
  // Statements are prepared once per connection on first use (none of the key's yet): count the ones that read the key.
  const { sqlite } = store.handle;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!/^select\b[\s\S]*\bfrom "idempotency_record"/i.test(source)) return statement;
    const get = statement.get.bind(statement);
    statement.get = ((...values: unknown[]) => {
      keyLookUps.push(sqlite.inTransaction);
      return get(...values);
    }) as typeof statement.get;
    return statement;
  }) as typeof sqlite.prepare;
});

afterEach(() => {
  store.handle.sqlite.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const save = (qa = false) =>
  saveMeasurement({
    store,
    userId: "u1",
    idempotencyKey: "k1",
    input: { date: "2026-03-04", values: { weight_kg: 77.4 } },
    traceId: "trc_look_ups",
    locale: "en",
    faults: createStorageFaults({ store, userId: "u1", enabled: qa }),
  });

it("looks a new key up once, inside the transaction, and answers a replay from that look-up", async () => {
  const first = await save();
  expect(first.status).toBe("executed");
  expect(keyLookUps).toEqual([true]);

  keyLookUps = [];
  const again = await save();
  expect(again).toMatchObject({ status: "replayed", serialized: first.serialized });
  expect(keyLookUps).toEqual([true]);
  expect(store.handle.sqlite.inTransaction).toBe(false);
  expect(await store.inspection.idempotencyRecords()).toHaveLength(1);
});

it("still looks the key up before any write when QA faults are on, so a replay plans no fault", async () => {
  await save();
  keyLookUps = [];
  expect((await save(true)).status).toBe("replayed");
  expect(keyLookUps).toEqual([false]);
});
