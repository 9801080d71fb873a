// The small line under a value in the records table: where it came from ("from Withings · 176.8 lb", "derived from
// Withings · 28.6 lb", "from the chat"). Nothing for a value stored before provenance was kept.
import type { Locale } from "@/lib/i18n/locale";
import type { MeasurementField, MeasurementRecord } from "@/lib/measurements/fields";
import { displayUnit, fromMetric, type Units } from "@/lib/measurements/display-units";
import { provenanceLine } from "@/lib/measurements/provenance-text";
import { roundToOneDecimal } from "@/lib/measurements/units";

export function ProvenanceNote(props: { record: MeasurementRecord; field: MeasurementField; locale: Locale; units: Units }) {
  const { record, field, locale, units } = props;
  const provenance = record.provenance?.[field];
  const value = record.values[field];
  if (!provenance || value === undefined) return null;
  const shown = { value: roundToOneDecimal(fromMetric({ field, value, units })), unit: displayUnit(field, units) };
  return (
    <small className="value-provenance" data-testid={`measurement-provenance-${record.date}-${field}`}>
      {provenanceLine(provenance, { locale, shown })}
    </small>
  );
}
