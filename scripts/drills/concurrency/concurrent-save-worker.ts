// Child process of the concurrency drill: opens the database, says "ready", then saves (or sets the goal) whatever it is sent, all at once with its siblings.
import { openDatabase } from "@/db/sqlite/open-database";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { setGoal } from "@/lib/measurements/set-goal";
import type { SetGoalInput } from "@/lib/measurements/set-goal-input";
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
  const { round, key, input } = request as { round: number; key: string; input: unknown };
  const write = { store: createSqliteStore(handle), userId, idempotencyKey: key, traceId: `trc_round_${round}`, locale: "en" as const };
  const running =
    request.type === "goal" ? setGoal({ ...write, input: input as SetGoalInput }) : saveMeasurement({ ...write, input: input as SaveMeasurementInput });
  void running.then(
    (result) => writeJsonLine(process.stdout, { type: "result", round, pid: process.pid, status: result.status, serialized: result.serialized }),
    (error: unknown) => writeJsonLine(process.stdout, { type: "result", round, pid: process.pid, status: "exception", serialized: String(error) }),
  );
});
writeJsonLine(process.stdout, { type: "ready", pid: process.pid });
