// Child process of the concurrency drill: opens the database, says "ready", then saves whatever it is sent, all at once with its siblings.
import { openDatabase } from "@/db/sqlite/open-database";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { readJsonLines, writeJsonLine } from "../support/line-protocol";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

const [file, userId] = process.argv.slice(2);
if (!file || !userId) throw new Error("usage: concurrent-save-worker <database file> <user id>");
const handle = openDatabase(file, { migrate: false });

readJsonLines(process.stdin, (request) => {
  if (request.type === "exit") {
    handle.sqlite.close();
    process.exit(0);
  }
  const { round, key, input } = request as { round: number; key: string; input: SaveMeasurementInput };
  void saveMeasurement({ store: createSqliteStore(handle), userId, idempotencyKey: key, input, traceId: `trc_round_${round}`, locale: "en" }).then(
    (result) => writeJsonLine(process.stdout, { type: "result", round, pid: process.pid, status: result.status, serialized: result.serialized }),
    (error: unknown) => writeJsonLine(process.stdout, { type: "result", round, pid: process.pid, status: "exception", serialized: String(error) }),
  );
});
writeJsonLine(process.stdout, { type: "ready", pid: process.pid });
