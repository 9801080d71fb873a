// A fresh parser for one file of another app's export, on the server: every format, Health Connect's SQLite included
// (its reader comes from db/ through the caller). The page's Web Worker builds its own, without Health Connect.
import "server-only";
import { createAppleHealthParser } from "./formats/apple-health";
import { createFitbitParser } from "./formats/fitbit";
import type { ReadHealthConnectExport } from "./formats/health-connect";
import { createHealthConnectParser } from "./formats/health-connect-archive";
import { createMappedCsvParser, type CsvMapping } from "./formats/mapped-csv";
import { createOpenScaleParser } from "./formats/openscale";
import type { FormatParser } from "./formats/reading";
import { createWithingsParser } from "./formats/withings";
import type { ForeignImportOptions } from "./import-options";

/** A fresh parser for one file. `readHealthConnectExport` is db/'s reader, passed in by the caller. */
export function createFormatParser(options: ForeignImportOptions, readHealthConnectExport: ReadHealthConnectExport): FormatParser {
  switch (options.format) {
    case "apple-health":
      return createAppleHealthParser();
    case "health-connect":
      return createHealthConnectParser(readHealthConnectExport);
    case "withings":
      return createWithingsParser();
    case "fitbit":
      return createFitbitParser(options.unit ?? "kg");
    case "openscale":
      return createOpenScaleParser();
    case "csv":
      return createMappedCsvParser(options.mapping as CsvMapping);
  }
}
