"use client";
// Import on /measurements: a file written by Export (one request under one key), or another app's export read by a
// Web Worker as a stream and sent in batches, each under its own key; previewed first (what would be created,
// updated, left alone, the dates whose stored values differ, the readings merged), then imported on confirmation.
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent } from "react";
import { createIdempotencyKey } from "@/lib/create-idempotency-key";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatCalendarDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { unitsOf } from "@/lib/measurements/display-units";
import type { UnitSystem } from "@/lib/measurements/unit-system";
import { FilePicker } from "./file-picker";
import { formatValues } from "./format-values";
import { ImportFormatOptions, initialChoices, type FormatChoices } from "./import-format-options";
import { sendBatches, type ImportBatch } from "./import-batches";
import { postImport, type ImportAnswer, type ImportSummary } from "./post-import";
import { readForeign, readHeaderColumns } from "./read-foreign";

type Chosen = { kind: "file"; text: string; format: "csv" | "json"; name: string; key: string } | { kind: "batches"; batches: ImportBatch[] };
type View =
  | { kind: "idle" }
  | { kind: "ready"; file: File }
  | { kind: "busy"; label: string }
  | { kind: "preview"; chosen: Chosen; summary: ImportSummary }
  | { kind: "invalid"; errors: Array<{ row: number; detail: string }> }
  | { kind: "message"; tone: "success" | "error"; text: string };

type ImportPanelProps = { text: Dictionary["measurements"]; locale: Locale; unitSystem: UnitSystem; maxBytes: number };

function acceptOf(format: FormatChoices["format"]): string | undefined {
  if (format === "palestra") return ".csv,.json,text/csv,application/json";
  if (format === "apple-health") return ".zip,.xml";
  if (format === "health-connect") return ".zip,.db";
  if (format === "fitbit") return ".json,.zip";
  return ".csv,text/csv";
}

function formatOf(file: File): "csv" | "json" | null {
  const name = file.name.toLowerCase();
  if (name.endsWith(".csv") || file.type === "text/csv") return "csv";
  if (name.endsWith(".json") || file.type === "application/json") return "json";
  return null;
}

export function ImportPanel({ text, locale, unitSystem, maxBytes }: ImportPanelProps) {
  const router = useRouter();
  const [view, setView] = useState<View>({ kind: "idle" });
  const [replace, setReplace] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const [choices, setChoices] = useState<FormatChoices>(initialChoices);
  const [columns, setColumns] = useState<string[]>([]);
  // Another app's export once chosen: read again after a choice the file needed (unit, date order) without picking it again.
  const [foreignFile, setForeignFile] = useState<File | null>(null);
  const units = unitsOf(unitSystem);

  const failed = (answer: Exclude<ImportAnswer, { kind: "summary" }>): View =>
    answer.kind === "invalid"
      ? { kind: "invalid", errors: answer.errors }
      : answer.kind === "too_large"
        ? tooLarge()
        : { kind: "message", tone: "error", text: formatMessage(text.importFailed, { status: answer.status }) };
  const tooLarge = (): View => ({
    kind: "message",
    tone: "error",
    text: formatMessage(text.importTooLarge, { megabytes: Math.floor((maxBytes / 1024 / 1024) * 10) / 10 }),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setReplace(false);
    setForeignFile(null);
    if (!file) return setView({ kind: "idle" });
    if (choices.format !== "palestra") {
      setColumns(choices.format === "csv" ? await readHeaderColumns(file) : []);
      setForeignFile(file);
      return setView({ kind: "ready", file });
    }
    const format = formatOf(file);
    if (!format) return setView({ kind: "message", tone: "error", text: text.importWrongType });
    if (file.size > maxBytes) return setView(tooLarge());
    setView({ kind: "busy", label: text.importReading });
    const chosen: Chosen = { kind: "file", text: await file.text(), format, name: file.name, key: createIdempotencyKey() };
    const answer = await postImport({ body: chosen.text, format, locale, dryRun: true, replace: false });
    setView(answer.kind === "summary" ? { kind: "preview", chosen, summary: answer.summary } : failed(answer));
  };

  const read = async (file: File) => {
    const outcome = await readForeign({ file, choices, text, locale, maxBytes, onBusy: (label) => setView({ kind: "busy", label }) });
    if (outcome.kind === "needs") return setView({ kind: "message", tone: "error", text: outcome.message });
    if (outcome.kind === "invalid") return setView({ kind: "invalid", errors: outcome.errors });
    if (outcome.answer.kind !== "summary") return setView(failed(outcome.answer));
    setView({ kind: "preview", chosen: outcome.chosen, summary: outcome.answer.summary });
  };

  const send = (chosen: Chosen): Promise<ImportAnswer> => {
    if (chosen.kind === "file") return postImport({ body: chosen.text, format: chosen.format, locale, dryRun: false, replace, idempotencyKey: chosen.key });
    return sendBatches({
      batches: chosen.batches,
      locale,
      dryRun: false,
      replace,
      onBatch: (index) => setView({ kind: "busy", label: formatMessage(text.importSending, { part: index + 1, parts: chosen.batches.length }) }),
    });
  };

  const confirm = async (chosen: Chosen) => {
    setView({ kind: "busy", label: text.importing });
    const answer = await send(chosen);
    if (answer.kind !== "summary") return setView(failed(answer));
    const { created, updated, unchanged, conflicts } = answer.summary;
    const done = formatMessage(text.importDone, { created, updated, unchanged });
    setView({
      kind: "message",
      tone: "success",
      text: conflicts.length > 0 ? `${done}. ${formatMessage(text.importDoneConflicts, { conflicts: conflicts.length })}` : done,
    });
    setInputKey((value) => value + 1);
    setForeignFile(null);
    router.refresh();
  };

  const reset = () => {
    setView({ kind: "idle" });
    setInputKey((value) => value + 1);
    setForeignFile(null);
  };
  const readable = foreignFile && (view.kind === "ready" || view.kind === "invalid" || (view.kind === "message" && view.tone === "error")) ? foreignFile : null;

  return (
    <section className="card import-panel" aria-labelledby="import-title" data-testid="import-panel">
      <h2 id="import-title">{text.importTitle}</h2>
      <p>{text.importIntro}</p>
      <ImportFormatOptions
        text={text}
        choices={choices}
        columns={columns}
        disabled={view.kind === "busy"}
        onChange={(next) => {
          setChoices(next);
          if (next.format !== choices.format) reset();
        }}
      />
      <FilePicker
        key={inputKey}
        id="import-file"
        label={text.importFile}
        chooseText={text.importChooseFile}
        noneText={text.importNoFile}
        accept={acceptOf(choices.format)}
        onChange={(event) => void choose(event)}
        disabled={view.kind === "busy"}
        testId="import-file"
      />
      {readable ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void read(readable)} data-testid="import-read">
            {text.importRead}
          </button>
        </div>
      ) : null}
      <div role="status" data-testid="import-status">
        {view.kind === "busy" ? <p>{view.label}</p> : null}
        {view.kind === "message" ? (
          <p className={`alert alert-${view.tone}`} data-testid="import-message">
            {view.text}
          </p>
        ) : null}
      </div>
      {view.kind === "invalid" ? (
        <div className="alert alert-error" role="alert" data-testid="import-errors">
          <p>{text.importInvalid}</p>
          <ul>
            {view.errors.map((error, index) => (
              <li key={index}>
                <strong>{error.row === 0 ? text.importFileLevel : formatMessage(text.importRow, { row: error.row })}:</strong> {error.detail}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.kind === "preview" ? (
        <div className="import-preview" data-testid="import-preview">
          <p data-testid="import-preview-counts">
            {view.summary.created + view.summary.updated + view.summary.unchanged + view.summary.conflicts.length === 0
              ? text.importEmpty
              : formatMessage(text.importPreview, {
                  created: view.summary.created,
                  updated: view.summary.updated,
                  unchanged: view.summary.unchanged,
                  conflicts: view.summary.conflicts.length,
                })}
          </p>
          {view.summary.readings ? (
            <p data-testid="import-preview-readings">
              {formatMessage(text.importReadings, {
                found: view.summary.readings.found,
                duplicates: view.summary.readings.duplicates,
                merged: view.summary.readings.days_merged.length,
              })}
            </p>
          ) : null}
          {view.summary.conflicts.length > 0 ? (
            <>
              <h3>{text.importConflictsTitle}</h3>
              <ul className="import-conflicts" data-testid="import-conflicts">
                {view.summary.conflicts.map((conflict) => (
                  <li key={conflict.date}>
                    <strong>{formatCalendarDate(conflict.date, locale)}</strong>: {text.importConflictStored}{" "}
                    {formatValues(conflict.stored.values, { locale, units })}
                    {conflict.stored.note ? ` (“${conflict.stored.note}”)` : ""}; {text.importConflictProposed}{" "}
                    {formatValues(conflict.proposed.values, { locale, units })}
                    {conflict.proposed.note ? ` (“${conflict.proposed.note}”)` : ""}
                  </li>
                ))}
              </ul>
              <label className="checkbox">
                <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} data-testid="import-replace" />{" "}
                {text.importReplace}
              </label>
            </>
          ) : null}
          <div className="form-actions">
            <button type="button" className="button" onClick={() => void confirm(view.chosen)} data-testid="import-confirm">
              {text.importConfirm}
            </button>
            <button type="button" className="button button-quiet" onClick={reset} data-testid="import-cancel">
              {text.importCancel}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
