// Writes a synthetic Apple Health export.xml of about `megabytes` MB, as the Health app lays it out: mostly step and
// heart-rate records, one morning weigh-in a day from a scale and the same weigh-in mirrored by the phone in pounds.
// Invented numbers only; the days run back from yesterday so none is in the future.
import fs from "node:fs";

const HEADER = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  "<!DOCTYPE HealthData [",
  "<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout)*)>",
  "]>",
  '<HealthData locale="en_US">',
  ' <ExportDate value="2026-01-01 09:00:00 -0700"/>',
  "",
].join("\n");

const pad = (value: number) => String(value).padStart(2, "0");
const stamp = (day: Date, hour: number, minute: number) =>
  `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())} ${pad(hour)}:${pad(minute)}:00 -0700`;
const record = (type: string, source: string, unit: string, value: string, at: string) =>
  ` <Record type="${type}" sourceName="${source}" sourceVersion="17.4" device="&lt;&lt;HKDevice: 0x0&gt;, name:Watch&gt;" unit="${unit}" creationDate="${at}" startDate="${at}" endDate="${at}" value="${value}"/>\n`;

/** Writes the file and answers its size in bytes and the weigh-in days it holds. */
export async function generateAppleHealthExport(options: {
  file: string;
  megabytes: number;
  recordsPerDay?: number;
}): Promise<{ bytes: number; days: number }> {
  const target = options.megabytes * 1024 * 1024;
  const recordsPerDay = options.recordsPerDay ?? 2_000;
  const stream = fs.createWriteStream(options.file, { highWaterMark: 1 << 20 });
  const write = (text: string) => (stream.write(text) ? Promise.resolve() : new Promise<void>((resolve) => stream.once("drain", () => resolve())));
  let bytes = 0;
  const put = async (text: string) => {
    bytes += Buffer.byteLength(text);
    await write(text);
  };
  await put(HEADER);
  let days = 0;
  const yesterday = Date.now() - 86_400_000;
  while (bytes < target) {
    const day = new Date(yesterday - days * 86_400_000);
    const kilograms = (80 + Math.sin(days / 30) * 2).toFixed(1);
    // The phone's copy of the scale's reading, in pounds, a minute later: the import counts it once.
    let chunk = record("HKQuantityTypeIdentifierBodyMass", "Withings", "kg", kilograms, stamp(day, 7, 0));
    chunk += record("HKQuantityTypeIdentifierBodyMass", "Health", "lb", (Number(kilograms) / 0.45359237).toFixed(1), stamp(day, 7, 1));
    for (let index = 0; index < recordsPerDay; index += 1) {
      const minute = index % 60;
      const hour = 8 + (Math.floor(index / 60) % 14);
      chunk +=
        index % 2 === 0
          ? record("HKQuantityTypeIdentifierStepCount", "Watch", "count", String(20 + (index % 97)), stamp(day, hour, minute))
          : record("HKQuantityTypeIdentifierHeartRate", "Watch", "count/min", String(60 + (index % 41)), stamp(day, hour, minute));
      if (chunk.length > 1 << 16) {
        await put(chunk);
        chunk = "";
      }
    }
    await put(chunk);
    days += 1;
  }
  await put("</HealthData>\n");
  await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { bytes, days };
}
