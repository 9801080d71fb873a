// Real SQLITE_FULL for the fault matrix: the file may not grow past its pages, and saves with long notes soon need a new one.
import { addDays } from "@/lib/measurements/dates";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { SaveMeasurementInput } from "@/lib/measurements/validation";
import { createTestUser } from "@/tests/support/create-test-user";
import { openTemporaryDatabase } from "@/tests/support/temporary-database";
import type { Leak } from "../support/find-leaks";
import { runCase, USER, type FaultCaseResult } from "./fault-case";
import { sqliteMessages } from "./storage-error";

/** A real SQLITE_FULL: the file may not grow past its current pages, and saves with long notes soon need a new one. */
export async function runRealFullCases(options: { leaks: Leak[] }): Promise<FaultCaseResult[]> {
  const results: FaultCaseResult[] = [];
  for (const persistent of [false, true]) {
    const database = openTemporaryDatabase("palestra-fault-full-");
    const forbidden = [...Object.values(sqliteMessages), database.file, database.directory];
    await createTestUser(database.store, { id: USER });
    try {
      const pages = Number(database.handle.sqlite.pragma("page_count", { simple: true }));
      database.handle.sqlite.pragma(`max_page_count = ${pages}`);
      let filled: FaultCaseResult | undefined;
      for (let index = 0; index < 200 && !filled; index += 1) {
        const key = `real-full-${persistent ? "persistent" : "once"}-${index}`;
        const input: SaveMeasurementInput = { date: addDays("2001-01-01", index), values: { weight_kg: 71.5 }, note: "n".repeat(2_000) };
        const probe = await saveMeasurement({ store: database.store, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en" });
        if (probe.status === "executed") continue;
        const code = probe.status === "write_failed" || probe.status === "outcome_unknown" ? (probe.error as { code?: string }).code : undefined;
        let first = true;
        filled = await runCase({
          name: `real FULL (max_page_count), ${persistent ? "persistent" : "once"}`,
          handle: database.handle,
          key,
          input,
          expected: { status: "write_failed", phase: "body", stored: false },
          persistent,
          // The first attempt already happened (it is what filled the file); later ones run for real while the limit holds.
          attempt: async () => {
            if (first) {
              first = false;
              return probe;
            }
            return saveMeasurement({ store: database.store, userId: USER, idempotencyKey: key, input, traceId: "trc_fault", locale: "en" });
          },
          disarm: () => database.handle.sqlite.pragma("max_page_count = 1073741823"),
          rowsBefore: 0,
          leaks: options.leaks,
          forbidden,
        });
        if (code !== "SQLITE_FULL") filled.problems.push(`the failure was ${code ?? "not a storage error"}, not SQLITE_FULL`);
      }
      results.push(
        filled ?? {
          name: `real FULL, ${persistent ? "persistent" : "once"}`,
          expected: { status: "write_failed", phase: "body", stored: false },
          attempts: [],
          storedAfterFailure: false,
          resolution: "none",
          rowsAfterResolution: 0,
          recordsAfterResolution: 0,
          problems: ["max_page_count never produced SQLITE_FULL"],
        },
      );
    } finally {
      database.remove();
    }
  }
  return results;
}
