// Child process of the crash drill: performs keyed saves (and every tenth a set_goal) one after another and acknowledges each only once the save returned.
import crypto from "node:crypto";
import { openDatabase, type DatabaseHandle } from "@/db/sqlite/open-database";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import { readJsonLines, writeJsonLine } from "../support/line-protocol";
import { goalInputOf, saveInputOf, type KeyedWrite } from "./keyed-writes";
import { setGoal } from "@/lib/measurements/set-goal";
import { nonAtomicVariants, saveWithoutAtomicity, type NonAtomicVariant } from "./non-atomic-save";
import { createSqliteStore } from "@/db/sqlite/create-sqlite-store";

const [file, userId, variant = "atomic"] = process.argv.slice(2);
if (!file || !userId) throw new Error("usage: crash-worker <database file> <user id> [atomic|two-transactions|acknowledge-before-recording]");
// The drill loads a spare child ahead of time and tells it to open the database only after the previous child was killed.
let handle: DatabaseHandle;
const queue: KeyedWrite[] = [];
let draining = false;

// stdout is a pipe, and pipe writes are synchronous on Linux: once this returns, the parent will read the line even if we die now.
function acknowledge(write: KeyedWrite, status: string, serialized: string) {
  const digest = crypto.createHash("sha256").update(serialized).digest("hex");
  writeJsonLine(process.stdout, { type: "ack", key: write.key, status, digest });
}

async function perform(write: KeyedWrite): Promise<void> {
  if (write.kind === "goal") {
    const goal = { store: createSqliteStore(handle), userId: userId as string, idempotencyKey: write.key, traceId: `trc_${write.key}`, locale: "en" as const };
    const result = await setGoal({ ...goal, input: goalInputOf(write) });
    if (result.status === "executed" || result.status === "replayed") acknowledge(write, result.status, result.serialized);
    else writeJsonLine(process.stdout, { type: "fail", key: write.key, status: result.status });
    return;
  }
  const input = saveInputOf(write);
  if ((nonAtomicVariants as readonly string[]).includes(variant)) {
    saveWithoutAtomicity({
      handle,
      userId: userId as string,
      idempotencyKey: write.key,
      input,
      variant: variant as NonAtomicVariant,
      acknowledge: (status, serialized) => acknowledge(write, status, serialized),
    });
    return;
  }
  const result = await saveMeasurement({
    store: createSqliteStore(handle),
    userId: userId as string,
    idempotencyKey: write.key,
    input,
    traceId: `trc_${write.key}`,
    locale: "en",
  });
  if (result.status === "executed" || result.status === "replayed") acknowledge(write, result.status, result.serialized);
  else writeJsonLine(process.stdout, { type: "fail", key: write.key, status: result.status });
}

async function drain(): Promise<void> {
  if (draining) return;
  draining = true;
  for (let write = queue.shift(); write; write = queue.shift()) {
    try {
      await perform(write);
    } catch {
      writeJsonLine(process.stdout, { type: "fail", key: write.key, status: "exception" });
    }
  }
  draining = false;
}

readJsonLines(process.stdin, (message) => {
  if (message.type === "open") {
    handle = openDatabase(file, { migrate: false });
    writeJsonLine(process.stdout, { type: "ready", pid: process.pid });
    return;
  }
  if (message.type === "exit") {
    handle?.sqlite.close();
    process.exit(0);
  }
  queue.push(message.write as KeyedWrite);
  void drain();
});
writeJsonLine(process.stdout, { type: "loaded", pid: process.pid });
