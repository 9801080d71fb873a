// Apple Health's export (export.xml, or export.zip holding apple_health_export/export.xml) read as a stream: each
// <Record> of body mass, body fat (a fraction), waist or height becomes a reading on the day of its own offset.
import { SaxesParser } from "saxes";
import type { MeasurementField } from "../../fields";
import { lengthFactors, massFactors, readNumber, readWallClock, type FormatParser, type ImportItem } from "./reading";
import { choosingByFirstBytes, ZipEntryStream } from "./zip-entries";

const POUNDS_PER_STONE = 14;
const recordTypes: Record<string, { field: MeasurementField; factors: Record<string, number> }> = {
  HKQuantityTypeIdentifierBodyMass: { field: "weight_kg", factors: { ...massFactors, st: POUNDS_PER_STONE * (massFactors.lb ?? 0) } },
  // HealthKit stores body fat as a fraction of one: 0.162 is 16.2 %.
  HKQuantityTypeIdentifierBodyFatPercentage: { field: "body_fat_pct", factors: { "%": 100 } },
  HKQuantityTypeIdentifierWaistCircumference: { field: "waist_cm", factors: lengthFactors },
  HKQuantityTypeIdentifierHeight: { field: "height_cm", factors: lengthFactors },
};
const EXPORT_XML = /(^|\/)export\.xml$/;

/** The readings of one <Record>'s attributes, or a problem naming its line; other record types are passed over. */
export function readAppleHealthRecord(attributes: Record<string, string>, line: number): ImportItem | null {
  const type = recordTypes[attributes.type ?? ""];
  if (!type) return null;
  const unit = attributes.unit ?? "";
  const factor = type.factors[unit];
  if (factor === undefined) return { problem: { code: "unit_unknown", unit, valid: Object.keys(type.factors), line } };
  const value = readNumber(attributes.value);
  const when = readWallClock(attributes.startDate ?? "");
  if (value === null) return { problem: { code: "value_unreadable", field: type.field, received: attributes.value ?? "", line } };
  if (!when) return { problem: { code: "date_invalid", received: attributes.startDate ?? "", example: "2024-05-02 07:00:00 -0700", line } };
  const source = `apple-health:${attributes.sourceName ?? "unknown"}`;
  return { reading: { line, field: type.field, value: value * factor, ...when, provenance: { source, value, unit, derived: false } } };
}

class AppleHealthXml {
  private readonly parser = new SaxesParser({ position: true });
  private readonly decoder = new TextDecoder("utf-8");
  private items: ImportItem[] = [];
  private failed = false;

  constructor() {
    this.parser.on("opentag", (tag) => {
      if (tag.name !== "Record") return;
      const item = readAppleHealthRecord(tag.attributes as Record<string, string>, this.parser.line);
      if (item) this.items.push(item);
    });
    this.parser.on("error", (error) => {
      if (!this.failed) this.items.push({ problem: { code: "xml_invalid", reason: error.message.replace(/^.*?:\d+:\d+: /, ""), line: this.parser.line } });
      this.failed = true;
    });
  }

  write(chunk: Uint8Array, final: boolean): void {
    if (this.failed) return;
    this.parser.write(this.decoder.decode(chunk, { stream: !final }));
    if (final && !this.failed) this.parser.close();
  }

  take(): ImportItem[] {
    const items = this.items;
    this.items = [];
    return items;
  }
}

function createZippedXmlParser(): FormatParser {
  const xml = new AppleHealthXml();
  const zip = new ZipEntryStream({ matches: (name) => EXPORT_XML.test(name), open: () => (data, final) => xml.write(data, final) });
  return {
    push(chunk) {
      zip.push(chunk);
      return xml.take();
    },
    end() {
      zip.push(new Uint8Array(0), true);
      if (zip.entries === 0) return [{ problem: { code: "archive_invalid", expected: "apple_health_export/export.xml", line: 0 } }];
      return xml.take();
    },
  };
}

function createXmlParser(): FormatParser {
  const xml = new AppleHealthXml();
  return {
    push(chunk) {
      xml.write(chunk, false);
      return xml.take();
    },
    end() {
      xml.write(new Uint8Array(0), true);
      return xml.take();
    },
  };
}

export function createAppleHealthParser(): FormatParser {
  return choosingByFirstBytes((zip) => (zip ? createZippedXmlParser() : createXmlParser()));
}
