// Apple Health's export.xml and export.zip: units converted, body fat read as a fraction, each reading on its own
// offset's day, the same weigh-in from two sources counted once, the per-day rule, and the file's lines in problems.
import { describe, expect, it } from "vitest";
import { createAppleHealthParser } from "@/lib/measurements/import/formats/apple-health";
import { appleHealthXml, appleHealthZip } from "./format-fixtures";
import { readWith } from "./read-formats";

const read = (file: Uint8Array | string, options: Parameters<typeof readWith>[2] = {}) => readWith(createAppleHealthParser(), file, options);

describe("apple-health", () => {
  it("reads each record on its own offset's day, in metric, with where each value came from", async () => {
    const result = await read(appleHealthXml);
    expect(result).toMatchObject({ ok: true, readings: 8, duplicates: 1 });
    if (!result.ok) return;
    expect(result.rows.map(({ date, values, row, readings }) => ({ date, values, row, readings }))).toEqual([
      { date: "2024-05-02", values: { weight_kg: 80.2, body_fat_pct: 16.2 }, row: 10, readings: 2 },
      { date: "2024-05-03", values: { weight_kg: 79.9 }, row: 14, readings: 1 },
      { date: "2024-05-04", values: { weight_kg: 79.7, waist_cm: 81.3, height_cm: 180 }, row: 17, readings: 1 },
    ]);
    expect(result.rows[0]?.provenance).toEqual({
      weight_kg: { source: "apple-health:Withings", value: 80.2, unit: "kg", derived: false },
      body_fat_pct: { source: "apple-health:Withings", value: 0.162, unit: "%", derived: false },
    });
    expect(result.rows[2]?.provenance.waist_cm).toEqual({ source: "apple-health:Health", value: 32, unit: "in", derived: false });
  });

  it("makes several readings of a day one value by the rule: first, last, min or mean", async () => {
    const weightOn2May = async (perDay: "first" | "last" | "min" | "mean") => {
      const result = await read(appleHealthXml, { perDay });
      return result.ok ? result.rows[0]?.values.weight_kg : undefined;
    };
    expect(await weightOn2May("first")).toBe(80.2);
    expect(await weightOn2May("last")).toBe(81);
    expect(await weightOn2May("min")).toBe(80.2);
    // The pound reading of the same weigh-in counted once: (80.2 + 81) / 2.
    expect(await weightOn2May("mean")).toBe(80.6);
  });

  it("reads export.zip as the XML itself, whatever the chunk boundaries", async () => {
    const fromXml = await read(appleHealthXml);
    for (const chunkSize of [1, 7, 4096]) {
      expect(await read(appleHealthZip(), { chunkSize })).toEqual(fromXml);
      expect(await read(appleHealthXml, { chunkSize })).toEqual(fromXml);
    }
  });

  it("names the line of a record whose unit it does not read, and of a reading in the future", async () => {
    const lines = appleHealthXml.split("\n");
    lines[10] = lines[10]?.replace('unit="lb"', 'unit="oz"') ?? "";
    expect(await read(lines.join("\n"))).toEqual({
      ok: false,
      problems: [{ code: "unit_unknown", unit: "oz", valid: ["kg", "lb", "g", "st"], line: 11 }],
    });
    const future = await read(appleHealthXml, { today: "2024-05-03" });
    expect(future.ok ? null : future.problems[0]).toEqual({ code: "date_future", received: "2024-05-04", today: "2024-05-03", line: 17 });
    expect(future.ok ? [] : future.problems.map((problem) => problem.line)).toEqual([17, 18, 19]);
  });

  it("answers a damaged zip as a problem of the file, not an exception", async () => {
    const zip = appleHealthZip();
    const damaged = zip.slice();
    for (let index = 60; index < 90; index += 1) damaged[index] = 0xff;
    expect(await read(damaged, { chunkSize: 16 })).toEqual({ ok: false, problems: [{ code: "file_unreadable", line: 0 }] });
  });

  it("refuses a broken XML file and a zip without export.xml, as problems of the file", async () => {
    const broken = await read("<HealthData>\n<Record type=\n");
    expect(broken).toMatchObject({ ok: false, problems: [{ code: "xml_invalid" }] });
    const { zipSync, strToU8 } = await import("fflate");
    expect(await read(zipSync({ "other.txt": strToU8("x") }))).toEqual({
      ok: false,
      problems: [{ code: "archive_invalid", expected: "apple_health_export/export.xml", line: 0 }],
    });
  });
});
