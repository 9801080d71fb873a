// Health Connect (SQLite in a zip: grams, zone offsets, the writing app), Withings (kg and lb headers, derived body
// fat %), Fitbit Takeout (unit asked), openScale (0.0 is empty) and a mapped CSV (date order asked when ambiguous).
import fs from "node:fs";
import os from "node:os";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createFitbitParser } from "@/lib/measurements/import/formats/fitbit";
import { readHealthConnectExport } from "@/db/health-connect/read-health-connect-export";
import { createHealthConnectParser as createParser } from "@/lib/measurements/import/formats/health-connect-archive";

const createHealthConnectParser = () => createParser(readHealthConnectExport);
import { createMappedCsvParser } from "@/lib/measurements/import/formats/mapped-csv";
import { createOpenScaleParser } from "@/lib/measurements/import/formats/openscale";
import { createWithingsParser } from "@/lib/measurements/import/formats/withings";
import { fitbitWeightJson, healthConnectZip, mappedCsv, openScaleCsv, withingsKgCsv, withingsLbCsv } from "./format-fixtures";
import { readWith } from "./read-formats";

const summary = (result: Awaited<ReturnType<typeof readWith>>) =>
  result.ok ? result.rows.map(({ date, values, row }) => ({ date, values, row })) : { problems: result.problems };

describe("health-connect", () => {
  it("reads grams on the day of each record's zone offset, the same weigh-in from two apps once, with the app's name", async () => {
    for (const chunkSize of [3, 1 << 16]) {
      const result = await readWith(createHealthConnectParser(), healthConnectZip(), { chunkSize });
      expect(summary(result)).toEqual([
        { date: "2024-05-02", values: { weight_kg: 80.2, body_fat_pct: 16.2 }, row: 1 },
        { date: "2024-05-03", values: { weight_kg: 79.9 }, row: 3 },
        { date: "2024-05-04", values: { weight_kg: 79.7 }, row: 4 },
      ]);
      expect(result).toMatchObject({ ok: true, readings: 5, duplicates: 1 });
      if (result.ok) expect(result.rows[0]?.provenance.weight_kg).toEqual({ source: "health-connect:Withings", value: 80200, unit: "g", derived: false });
    }
  });

  it("answers a damaged zip as a problem of the file and removes its temporary copy", async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("palestra-health-connect-")).length;
    const damaged = healthConnectZip().slice();
    for (let index = 60; index < 200; index += 1) damaged[index] = 0xff;
    expect(await readWith(createHealthConnectParser(), damaged)).toMatchObject({ ok: false, problems: [{ line: 0 }] });
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("palestra-health-connect-")).length).toBe(before);
  });

  it("refuses an archive without a database", async () => {
    expect(await readWith(createHealthConnectParser(), zipSync({ "readme.txt": strToU8("x") }))).toEqual({
      ok: false,
      problems: [{ code: "archive_invalid", expected: "Health Connect's .db file", line: 0 }],
    });
  });
});

describe("withings", () => {
  it("reads the unit from the header and derives body fat % from fat mass ÷ weight", async () => {
    const kilograms = await readWith(createWithingsParser(), withingsKgCsv);
    expect(summary(kilograms)).toEqual([
      { date: "2024-05-02", values: { weight_kg: 80.2, body_fat_pct: 16.2 }, row: 2 },
      { date: "2024-05-03", values: { weight_kg: 79.9, body_fat_pct: 16 }, row: 4 },
    ]);
    if (kilograms.ok) expect(kilograms.rows[0]?.provenance.body_fat_pct).toEqual({ source: "withings", value: 13, unit: "kg", derived: true });
    const pounds = await readWith(createWithingsParser(), withingsLbCsv);
    expect(summary(pounds)).toEqual([{ date: "2024-05-02", values: { weight_kg: 80.2, body_fat_pct: 16.2 }, row: 2 }]);
    if (pounds.ok) expect(pounds.rows[0]?.provenance.weight_kg).toEqual({ source: "withings", value: 176.8, unit: "lb", derived: false });
  });

  it("names the line of an unreadable weight and a header without a weight column", async () => {
    expect(summary(await readWith(createWithingsParser(), 'Date,"Weight (kg)"\n"2024-05-02 07:00:00",80.2\n"2024-05-03 07:00:00","80,1"\n'))).toEqual({
      problems: [{ code: "value_unreadable", field: "weight_kg", received: "80,1", line: 3 }],
    });
    expect(summary(await readWith(createWithingsParser(), "Date,Weight\n"))).toEqual({
      problems: [{ code: "columns_without_values", valid: ["Weight (kg)", "Weight (lb)"], line: 1 }],
    });
  });
});

describe("fitbit", () => {
  it("reads weights in the unit the person chose, MM/DD/YY dates, and the file's lines", async () => {
    expect(summary(await readWith(createFitbitParser("lb"), fitbitWeightJson))).toEqual([
      { date: "2024-05-02", values: { weight_kg: 80.2, body_fat_pct: 16.2 }, row: 2 },
      { date: "2024-05-03", values: { weight_kg: 79.9 }, row: 11 },
    ]);
    // The same numbers read as kilograms: the unit is the person's answer, never a guess.
    expect(summary(await readWith(createFitbitParser("kg"), fitbitWeightJson))).toMatchObject([
      { values: { weight_kg: 176.8 } },
      { values: { weight_kg: 176.1 } },
    ]);
  });

  it("reads every weight-*.json of a Takeout zip", async () => {
    const zip = zipSync({ "Takeout/Fitbit/Global Export Data/weight-2024-05-02.json": strToU8(fitbitWeightJson), "Takeout/Fitbit/x.json": strToU8("[]") });
    const result = await readWith(createFitbitParser("lb"), zip, { chunkSize: 5 });
    expect(result).toMatchObject({ ok: true, readings: 3 });
    if (result.ok) expect(result.rows[0]?.provenance.weight_kg).toEqual({ source: "fitbit:Aria", value: 176.8, unit: "lb", derived: false });
  });
});

describe("openscale", () => {
  it("treats 0.0 as no value", async () => {
    expect(summary(await readWith(createOpenScaleParser(), openScaleCsv))).toEqual([
      { date: "2024-05-02", values: { weight_kg: 80.2, body_fat_pct: 16.2 }, row: 2 },
      { date: "2024-05-03", values: { weight_kg: 79.9, waist_cm: 88.5 }, row: 3 },
    ]);
  });
});

describe("csv with a mapping", () => {
  const mapping = { dateColumn: "Day", weightColumn: "Body weight", weightUnit: "kg" as const };

  it("asks for the date order when every date reads both ways, and reads it once chosen", async () => {
    const ambiguous = mappedCsv(["02/05/2024", "03/05/2024"]);
    expect(summary(await readWith(createMappedCsvParser(mapping), ambiguous))).toEqual({
      problems: [{ code: "date_order_required", example: "02/05/2024", parameter: "date_order", valid: ["dmy", "mdy", "ymd"], line: 0 }],
    });
    expect(summary(await readWith(createMappedCsvParser({ ...mapping, dateOrder: "dmy" }), ambiguous))).toEqual([
      { date: "2024-05-02", values: { weight_kg: 80 }, row: 2 },
      { date: "2024-05-03", values: { weight_kg: 80.1 }, row: 3 },
    ]);
    expect(summary(await readWith(createMappedCsvParser({ ...mapping, dateOrder: "mdy" }), ambiguous))).toEqual([
      { date: "2024-02-05", values: { weight_kg: 80 }, row: 2 },
      { date: "2024-03-05", values: { weight_kg: 80.1 }, row: 3 },
    ]);
  });

  it("takes the order a day above 12 settles, ISO dates as they are, and pounds converted", async () => {
    expect(summary(await readWith(createMappedCsvParser(mapping), mappedCsv(["02/05/2024", "13/05/2024"])))).toEqual([
      { date: "2024-05-02", values: { weight_kg: 80 }, row: 2 },
      { date: "2024-05-13", values: { weight_kg: 80.1 }, row: 3 },
    ]);
    expect(summary(await readWith(createMappedCsvParser({ ...mapping, weightUnit: "lb" }), mappedCsv(["2024-05-02 07:10"])))).toEqual([
      { date: "2024-05-02", values: { weight_kg: 36.3 }, row: 2 },
    ]);
  });

  it("names a mapped column the file does not have", async () => {
    expect(summary(await readWith(createMappedCsvParser({ ...mapping, weightColumn: "kg" }), mappedCsv(["2024-05-02"])))).toEqual({
      problems: [{ code: "column_not_found", parameter: "weight_kg", column: "kg", columns: ["Day", "Body weight", "Mood"], line: 1 }],
    });
  });
});
