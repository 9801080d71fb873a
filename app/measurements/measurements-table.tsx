// Every record of the user, one row per date, with edit and delete controls.
import Link from "next/link";
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";
import type { Locale } from "@/lib/i18n/locale";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { fieldRanges, measurementFields, type MeasurementRecord } from "@/lib/measurements/fields";
import { deleteMeasurementAction } from "./actions";

export function MeasurementsTable({ records, locale, text }: { records: MeasurementRecord[]; locale: Locale; text: Dictionary["measurements"] }) {
  if (records.length === 0) {
    return (
      <p className="page-intro" data-testid="measurements-empty">
        {text.empty}
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="measurements-table">
        <caption>{text.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.date}</th>
            {measurementFields.map((field) => (
              <th scope="col" key={field}>
                {fieldLabels[locale][field].label} ({fieldRanges[field].unit})
              </th>
            ))}
            <th scope="col" className="text-cell">
              {text.note}
            </th>
            <th scope="col">
              <span>{text.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.date} data-testid={`measurement-row-${record.date}`}>
              <th scope="row">{record.date}</th>
              {measurementFields.map((field) => (
                <td key={field} data-testid={`measurement-cell-${record.date}-${field}`}>
                  {record.values[field] ?? "—"}
                </td>
              ))}
              <td className="text-cell" data-testid={`measurement-cell-${record.date}-note`}>
                {record.note ?? ""}
              </td>
              <td>
                <div className="row-actions">
                  <Link
                    href={`/measurements?edit=${record.date}#edit`}
                    className="button button-quiet button-small"
                    aria-label={formatMessage(text.editLabel, { date: record.date })}
                    data-testid={`measurement-edit-${record.date}`}
                  >
                    {text.edit}
                  </Link>
                  <form action={deleteMeasurementAction}>
                    <input type="hidden" name="date" value={record.date} />
                    <button
                      type="submit"
                      className="button button-quiet button-small"
                      aria-label={formatMessage(text.deleteLabel, { date: record.date })}
                      data-testid={`measurement-delete-${record.date}`}
                    >
                      {text.delete}
                    </button>
                  </form>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
