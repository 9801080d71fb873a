// The leak scan finds each kind of internal detail, and finds nothing in the contract's own example messages.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { toolErrorMessages } from "@/lib/outcome/tool-error-messages";
import { findLeaks } from "@/scripts/drills/support/find-leaks";

const labelsOf = (text: string, forbidden?: string[]) => findLeaks(text, { forbidden }).map((leak) => leak.label);

describe("findLeaks", () => {
  it("finds a stack frame, a file path, a SQLite code, an exception class name and SQL", () => {
    expect(labelsOf("failed\n    at saveMeasurement (/srv/app/lib/save.ts:12:3)")).toEqual(expect.arrayContaining(["stack frame", "file path"]));
    expect(labelsOf("could not open /var/lib/palestra/palestra.db")).toContain("file path");
    expect(labelsOf("code SQLITE_BUSY")).toContain("SQLite code");
    expect(labelsOf("SqliteError happened")).toContain("exception class name");
    expect(labelsOf("Error: boom")).toContain("exception class name");
    expect(labelsOf('insert into "measurement" ("id") values (?)')).toContain("SQL");
  });

  it("finds the host name, an environment value and any forbidden text", () => {
    expect(labelsOf(`served by ${os.hostname()}`)).toContain("forbidden text");
    process.env.PALESTRA_LEAK_PROBE = "s3cr3t-value-for-the-leak-scan";
    expect(labelsOf("key s3cr3t-value-for-the-leak-scan")).toContain("environment value");
    delete process.env.PALESTRA_LEAK_PROBE;
    expect(labelsOf("the disk I/O error was bad", ["disk I/O error"])).toContain("forbidden text");
  });

  it("finds nothing in the contract's own messages", () => {
    const messages = [
      toolErrorMessages.en.outcomeUnknown({ date: "2026-03-04", idempotencyKey: "call_abc:0" }),
      toolErrorMessages.es.writeFailed({ date: "2026-03-04" }),
      toolErrorMessages.pt.unavailableRead({ scope: "2026-03-04", attempts: 3 }),
      "date must be YYYY-MM-DD. Received '4th of March'. Example: 2026-03-04.",
      "Received '2026/03/04'.",
    ];
    for (const message of messages) expect(findLeaks(message)).toEqual([]);
  });
});
