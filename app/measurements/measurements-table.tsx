"use client";
// Every record of the person, newest first, in their units: only the columns that hold a value, the date kept in view
// while the row scrolls sideways, and Edit / Delete at the row's end (kept in view too). Delete asks first.
import Link from "next/link";
import { useEffect, useRef } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { fieldLabels } from "@/lib/measurements/field-labels";
import { measurementFields, type MeasurementRecord } from "@/lib/measurements/fields";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { displayUnit, unitsOf } from "@/lib/measurements/display-units";
import { formatValue } from "./format-values";

type MeasurementsTableProps = {
  records: MeasurementRecord[];
  locale: Locale;
  text: Dictionary["measurements"];
  unitSystem: UnitSystem;
  /** The date whose deletion waits for confirmation, if any. */
  confirming: string | null;
  busy: boolean;
  onAskDelete: (date: string | null) => void;
  onConfirmDelete: (record: MeasurementRecord) => void;
};

export function MeasurementsTable({ records, locale, text, unitSystem, confirming, busy, onAskDelete, onConfirmDelete }: MeasurementsTableProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  if (records.length === 0) {
    return (
      <p className="page-intro" data-testid="measurements-empty">
        {text.empty}
      </p>
    );
  }
  const units = unitsOf(unitSystem);
  const shownFields = measurementFields.filter((field) => records.some((record) => record.values[field] !== undefined));
  const hasNotes = records.some((record) => record.note);
  const pending = confirming ? records.find((record) => record.date === confirming) : undefined;
  return (
    <>
      {pending ? (
        <div className="delete-confirm alert alert-warning" role="group" aria-labelledby="delete-confirm-text" data-testid="measurement-delete-dialog">
          <p id="delete-confirm-text">{formatMessage(text.deleteConfirm, { date: formatCalendarDate(pending.date, locale) })}</p>
          <div className="form-actions">
            <button
              ref={confirmRef}
              type="button"
              className="button button-danger button-small"
              disabled={busy}
              onClick={() => onConfirmDelete(pending)}
              data-testid="measurement-delete-confirm"
            >
              {text.delete}
            </button>
            <button type="button" className="button button-quiet button-small" onClick={() => onAskDelete(null)} data-testid="measurement-delete-keep">
              {text.keep}
            </button>
          </div>
        </div>
      ) : null}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="records-title">
        <table className="data-table measurements-table" data-testid="measurements-table">
          <caption>{text.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky-start">
                {text.date}
              </th>
              {shownFields.map((field) => (
                <th scope="col" key={field}>
                  {fieldLabels[locale][field].label} ({displayUnit(field, units)})
                </th>
              ))}
              {hasNotes ? (
                <th scope="col" className="text-cell">
                  {text.note}
                </th>
              ) : null}
              <th scope="col" className="sticky-end">
                <span className="visually-hidden">{text.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => {
              const date = formatCalendarDate(record.date, locale);
              return (
                <tr key={record.date} data-testid={`measurement-row-${record.date}`} data-pending-delete={record.date === confirming || undefined}>
                  <th scope="row" className="sticky-start">
                    <time dateTime={record.date}>{date}</time>
                  </th>
                  {shownFields.map((field) => (
                    <td key={field} data-testid={`measurement-cell-${record.date}-${field}`}>
                      {record.values[field] === undefined ? (
                        <>
                          <span aria-hidden="true">–</span>
                          <span className="visually-hidden">{text.noValue}</span>
                        </>
                      ) : (
                        formatValue(field, record.values[field] as number, { locale, units })
                      )}
                    </td>
                  ))}
                  {hasNotes ? (
                    <td className="text-cell" data-testid={`measurement-cell-${record.date}-note`}>
                      {record.note ?? ""}
                    </td>
                  ) : null}
                  <td className="sticky-end">
                    <div className="row-actions">
                      <Link
                        href={`/measurements?edit=${record.date}#edit`}
                        className="button button-quiet button-small"
                        data-testid={`measurement-edit-${record.date}`}
                      >
                        <svg
                          aria-hidden="true"
                          viewBox="0 0 16 16"
                          width="14"
                          height="14"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="1.5"
                          strokeLinejoin="round"
                        >
                          <path d="M11 2.5l2.5 2.5L6 12.5H3.5V10z" />
                        </svg>
                        <span className="action-label">{text.edit}</span>
                        <span className="visually-hidden"> {date}</span>
                      </Link>
                      <button
                        type="button"
                        className="button button-quiet button-small"
                        onClick={() => onAskDelete(record.date)}
                        data-testid={`measurement-delete-${record.date}`}
                      >
                        <svg
                          aria-hidden="true"
                          viewBox="0 0 16 16"
                          width="14"
                          height="14"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="1.5"
                          strokeLinecap="round"
                        >
                          <path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5" />
                        </svg>
                        <span className="action-label">{text.delete}</span>
                        <span className="visually-hidden"> {date}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
