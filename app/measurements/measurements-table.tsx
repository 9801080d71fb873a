"use client";
// Every record of the person, newest first, in their units: only the columns that hold a value, the date kept in view
// while the row scrolls sideways, and Edit / Delete at the row's end (kept in view too). Delete asks first.
// On a phone each row becomes a card (CSS): every value under its own label, so nothing needs sideways scrolling.
// Under each value, a small line says where it came from (provenance-note.tsx).
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
import { ProvenanceNote } from "./provenance-note";
import type { Notice } from "./measurements-workspace";

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
  /** What just happened to one row (deleted, restored, not restored), shown at that row's place. */
  notice: Notice | null;
  onUndo: (record: MeasurementRecord) => void;
};

export function MeasurementsTable(props: MeasurementsTableProps) {
  const { records, locale, text, unitSystem, confirming, busy, onAskDelete, onConfirmDelete, notice, onUndo } = props;
  const confirmRef = useRef<HTMLButtonElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  // Focus stays next to the affected row: on Undo after a delete; on the row's own Delete once it is back.
  const restoredDate = notice && !notice.undo && records.some((record) => record.date === notice.at) ? notice.at : null;
  useEffect(() => {
    const table = tableRef.current;
    if (!table || !notice?.at) return;
    const target = notice.undo
      ? table.querySelector<HTMLElement>("[data-testid='measurement-undo']")
      : restoredDate
        ? table.querySelector<HTMLElement>(`[data-testid='measurement-delete-${restoredDate}']`)
        : table.querySelector<HTMLElement>(".row-notice [tabindex='-1']");
    target?.focus();
  }, [notice, restoredDate]);
  const noticeRow = (columns: number) =>
    notice ? (
      <tr className="row-notice" key="row-notice" data-testid="measurement-row-notice">
        <td colSpan={columns}>
          <p className={`alert alert-${notice.tone}`}>
            <span tabIndex={-1}>{notice.text}</span>
            {notice.undo ? (
              <button
                type="button"
                className="button button-small"
                disabled={busy}
                onClick={() => notice.undo && onUndo(notice.undo)}
                data-testid="measurement-undo"
              >
                {text.undo}
              </button>
            ) : null}
          </p>
        </td>
      </tr>
    ) : null;
  if (records.length === 0) {
    return (
      <>
        {notice ? (
          <table className="data-table measurements-table" ref={tableRef}>
            <tbody>{noticeRow(1)}</tbody>
          </table>
        ) : null}
        <p className="page-intro" data-testid="measurements-empty">
          {text.empty}
        </p>
      </>
    );
  }
  const units = unitsOf(unitSystem);
  const shownFields = measurementFields.filter((field) => records.some((record) => record.values[field] !== undefined));
  const hasNotes = records.some((record) => record.note);
  const pending = confirming ? records.find((record) => record.date === confirming) : undefined;
  const columns = shownFields.length + (hasNotes ? 3 : 2);
  // Newest first: the notice goes where its date sorts, just above the restored row when it is back.
  const noticeIndex = notice?.at ? records.findIndex((record) => record.date <= (notice.at as string)) : -1;
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
      <div className="table-scroll" tabIndex={0} role="region" aria-label={text.tableCaption}>
        <table className="data-table measurements-table" data-testid="measurements-table" ref={tableRef}>
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
            {records.map((record, index) => {
              const date = formatCalendarDate(record.date, locale);
              return [
                index === noticeIndex ? noticeRow(columns) : null,
                <tr key={record.date} data-testid={`measurement-row-${record.date}`} data-pending-delete={record.date === confirming || undefined}>
                  <th scope="row" className="sticky-start">
                    <time dateTime={record.date}>{date}</time>
                  </th>
                  {shownFields.map((field) => (
                    <td
                      key={field}
                      data-testid={`measurement-cell-${record.date}-${field}`}
                      data-label={`${fieldLabels[locale][field].label} (${displayUnit(field, units)})`}
                      data-empty={record.values[field] === undefined || undefined}
                    >
                      {record.values[field] === undefined ? (
                        <>
                          <span aria-hidden="true">–</span>
                          <span className="visually-hidden">{text.noValue}</span>
                        </>
                      ) : (
                        <>
                          <span data-testid={`measurement-value-${record.date}-${field}`}>
                            {formatValue(field, record.values[field] as number, { locale, units })}
                          </span>
                          <ProvenanceNote record={record} field={field} locale={locale} units={units} />
                        </>
                      )}
                    </td>
                  ))}
                  {hasNotes ? (
                    <td
                      className="text-cell"
                      data-testid={`measurement-cell-${record.date}-note`}
                      data-label={text.note}
                      data-empty={!record.note || undefined}
                    >
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
                </tr>,
              ];
            })}
            {noticeIndex === -1 ? noticeRow(columns) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}
