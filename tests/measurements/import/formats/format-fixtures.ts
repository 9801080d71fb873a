// Export files in each app's documented shape (product.md, "Bring your history"), written for these tests: invented
// readings, never anyone's data.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { zipSync, strToU8 } from "fflate";

const record = (type: string, sourceName: string, unit: string, value: string, startDate: string) =>
  ` <Record type="${type}" sourceName="${sourceName}" sourceVersion="1" unit="${unit}" creationDate="${startDate}" startDate="${startDate}" endDate="${startDate}" value="${value}"/>`;

/** Several offsets and units, body fat as a fraction, the same weigh-in from two sources, several readings a day. */
export const appleHealthXml = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  "<!DOCTYPE HealthData [",
  "<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout)*)>",
  "<!ATTLIST HealthData locale CDATA #REQUIRED>",
  "]>",
  '<HealthData locale="en_US">',
  ' <ExportDate value="2024-05-10 09:00:00 -0700"/>',
  ' <Me HKCharacteristicTypeIdentifierDateOfBirth="" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>',
  record("HKQuantityTypeIdentifierStepCount", "iPhone", "count", "1200", "2024-05-02 06:00:00 -0700"),
  record("HKQuantityTypeIdentifierBodyMass", "Withings", "kg", "80.2", "2024-05-02 07:00:00 -0700"), // line 10
  record("HKQuantityTypeIdentifierBodyMass", "Health", "lb", "176.8", "2024-05-02 07:01:00 -0700"), // the same weigh-in, in pounds
  record("HKQuantityTypeIdentifierBodyMass", "Withings", "kg", "81", "2024-05-02 21:00:00 -0700"), // the evening's
  record("HKQuantityTypeIdentifierBodyFatPercentage", "Withings", "%", "0.162", "2024-05-02 07:00:00 -0700"),
  ' <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Renpho" unit="kg" startDate="2024-05-03 23:30:00 +1400" endDate="2024-05-03 23:30:00 +1400" value="79.9">',
  '  <MetadataEntry key="HKWasUserEntered" value="0"/>',
  " </Record>",
  record("HKQuantityTypeIdentifierBodyMass", "Renpho", "kg", "79.7", "2024-05-04 00:30:00 -1200"),
  record("HKQuantityTypeIdentifierWaistCircumference", "Health", "in", "32", "2024-05-04 08:00:00 +0530"),
  record("HKQuantityTypeIdentifierHeight", "Health", "m", "1.8", "2024-05-04 08:00:00 +0530"),
  "</HealthData>",
  "",
].join("\n");

/** export.zip as the Health app writes it: the XML inside apple_health_export/, next to the clinical one. */
export function appleHealthZip(xml = appleHealthXml): Uint8Array {
  return zipSync({ "apple_health_export/export.xml": strToU8(xml), "apple_health_export/export_cda.xml": strToU8("<ClinicalDocument/>") });
}

/** Health Connect's database: grams, zone offsets in seconds, the source app in application_info_table. */
export function healthConnectZip(): Uint8Array {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-hc-fixture-"));
  const file = path.join(folder, "health_connect_export.db");
  const database = new Database(file);
  database.exec(`
    CREATE TABLE application_info_table (row_id INTEGER PRIMARY KEY, package_name TEXT, app_name TEXT);
    CREATE TABLE weight_record_table (row_id INTEGER PRIMARY KEY, uuid BLOB, time INTEGER, zone_offset INTEGER, weight REAL, app_info_id INTEGER);
    CREATE TABLE body_fat_record_table (row_id INTEGER PRIMARY KEY, uuid BLOB, time INTEGER, zone_offset INTEGER, percentage REAL, app_info_id INTEGER);
    INSERT INTO application_info_table VALUES (1, 'com.withings.wiscale2', 'Withings'), (2, 'com.renpho.health', 'Renpho');
  `);
  const weight = database.prepare("INSERT INTO weight_record_table (row_id, time, zone_offset, weight, app_info_id) VALUES (?, ?, ?, ?, ?)");
  // 2024-05-02 07:00 at -07:00 is 14:00 UTC; 2024-05-03 23:30 at +14:00 is 09:30 UTC the same day.
  weight.run(1, Date.UTC(2024, 4, 2, 14, 0), -7 * 3600, 80200, 1);
  weight.run(2, Date.UTC(2024, 4, 2, 14, 1), -7 * 3600, 80230, 2);
  weight.run(3, Date.UTC(2024, 4, 3, 9, 30), 14 * 3600, 79900, 1);
  // 2024-05-04 00:30 at -12:00 is 12:30 UTC.
  weight.run(4, Date.UTC(2024, 4, 4, 12, 30), -12 * 3600, 79700, 2);
  database
    .prepare("INSERT INTO body_fat_record_table (row_id, time, zone_offset, percentage, app_info_id) VALUES (?, ?, ?, ?, ?)")
    .run(1, Date.UTC(2024, 4, 2, 14, 0), -7 * 3600, 16.2, 1);
  database.close();
  const bytes = zipSync({ "health_connect_export.db": new Uint8Array(fs.readFileSync(file)) });
  fs.rmSync(folder, { recursive: true, force: true });
  return bytes;
}

export const withingsKgCsv = [
  'Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments',
  '"2024-05-02 07:00:00",80.2,13.0,3.1,63.0,44.0,',
  '"2024-05-02 21:00:00",81.0,,,,,',
  '"2024-05-03 07:05:00",79.9,12.8,3.1,62.9,43.9,"after a run"',
  "",
].join("\n");

export const withingsLbCsv = [
  'Date,"Weight (lb)","Fat mass (lb)","Bone mass (lb)","Muscle mass (lb)","Hydration (lb)",Comments',
  '"2024-05-02 07:00:00",176.8,28.6,6.8,138.9,97.0,',
  "",
].join("\n");

export const fitbitWeightJson = JSON.stringify(
  [
    { logId: 1714633200000, weight: 176.8, bmi: 24.5, fat: 16.2, date: "05/02/24", time: "07:00:00", source: "Aria" },
    { logId: 1714719600000, weight: 176.1, bmi: 24.4, date: "05/03/24", time: "07:00:00", source: "API" },
  ],
  null,
  2,
);

export const openScaleCsv = [
  '"dateTime","weight","fat","water","muscle","lbm","bone","waist","hip","comment"',
  '"2024-05-02 07:00","80.2","16.2","55.0","40.0","0.0","0.0","0.0","0.0",""',
  '"2024-05-03 07:00","79.9","0.0","0.0","0.0","0.0","0.0","88.5","0.0","new tape"',
  "",
].join("\n");

/** A spreadsheet's own columns, dates written day first or month first (which one, only some dates tell). */
export const mappedCsv = (dates: readonly string[]) => ["Day,Body weight,Mood", ...dates.map((date, index) => `${date},${80 + index / 10},ok`), ""].join("\n");

/** A Health Connect export of a few years of daily weigh-ins (every tenth day with body fat) among enough step records to
 * make the database about `databaseBytes` long, as a phone's export is mostly other kinds of records. Written to `folder`
 * as "Health Connect.zip"; the weigh-ins are returned to check what was imported. */
export function writeLargeHealthConnectExport(options: { folder: string; days: number; databaseBytes: number; pageSize?: number }): {
  file: string;
  weights: Array<{ date: string; kilograms: number }>;
} {
  const database = path.join(options.folder, "health_connect_export.db");
  const sqlite = new Database(database);
  sqlite.pragma(`page_size = ${options.pageSize ?? 4096}`);
  sqlite.exec(`
    CREATE TABLE application_info_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, package_name TEXT, app_name TEXT);
    CREATE TABLE weight_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, uuid BLOB, last_modified_time INTEGER, time INTEGER, zone_offset INTEGER, weight REAL, app_info_id INTEGER);
    CREATE TABLE body_fat_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, uuid BLOB, time INTEGER, zone_offset INTEGER, percentage REAL, app_info_id INTEGER);
    CREATE TABLE steps_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, uuid BLOB, start_time INTEGER, end_time INTEGER, count INTEGER, app_info_id INTEGER);
    INSERT INTO application_info_table (package_name, app_name) VALUES ('com.withings.wiscale2', 'Withings'), ('com.google.android.apps.fitness', 'Fit');
  `);
  const weights: Array<{ date: string; kilograms: number }> = [];
  const first = Date.UTC(2021, 0, 1, 6, 30);
  sqlite.transaction(() => {
    const weight = sqlite.prepare(
      "INSERT INTO weight_record_table (uuid, last_modified_time, time, zone_offset, weight, app_info_id) VALUES (?, ?, ?, ?, ?, 1)",
    );
    const fat = sqlite.prepare("INSERT INTO body_fat_record_table (uuid, time, zone_offset, percentage, app_info_id) VALUES (?, ?, ?, ?, 1)");
    for (let day = 0; day < options.days; day += 1) {
      const time = first + day * 86_400_000;
      // Whole hundreds of grams: the stored kilograms have one decimal, with no rounding to argue about.
      const grams = 82_000 - (day % 50) * 100 + (day % 7) * 100;
      weight.run(crypto.randomBytes(16), time, time, 3600, grams);
      if (day % 10 === 0) fat.run(crypto.randomBytes(16), time, 3600, 18 + (day % 5) / 10);
      weights.push({ date: new Date(time + 3_600_000).toISOString().slice(0, 10), kilograms: Math.round(grams / 100) / 10 });
    }
    const steps = sqlite.prepare("INSERT INTO steps_record_table (uuid, start_time, end_time, count, app_info_id) VALUES (?, ?, ?, ?, ?)");
    // About 42 bytes a row with its share of the pages.
    for (let row = 0; row < Math.ceil(options.databaseBytes / 42); row += 1) {
      const start = first + row * 60_000;
      steps.run(crypto.randomBytes(16), start, start + 60_000, row % 120, 2);
    }
  })();
  sqlite.close();
  const file = path.join(options.folder, "Health Connect.zip");
  fs.writeFileSync(file, zipSync({ "health_connect_export.db": new Uint8Array(fs.readFileSync(database)) }));
  fs.rmSync(database);
  return { file, weights };
}
