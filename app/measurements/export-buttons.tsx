"use client";
// The CSV and JSON downloads. Fetched first, so a refusal (the records could not be read) is shown as the server's
// message instead of a download the browser silently cancels; a good answer is saved under the server's file name.
import { useState } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { FormError } from "../_components/form-error";

const FILENAME = /filename="([^"]+)"/;

export function ExportButtons({ text }: { text: Dictionary["measurements"] }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (format: "csv" | "json") => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/measurements/export?format=${format}`, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
        setError(body?.error === "unavailable" ? text.exportFailed : text.exportFailedUnknown);
        return;
      }
      const name = FILENAME.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `palestra-measurements.${format}`;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked a moment later: the browser reads the blob after the click returns.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(text.exportFailedUnknown);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="export-buttons">
      <div className="form-actions">
        <a
          href="/measurements/export?format=csv"
          className="button button-quiet"
          download
          onClick={(event) => {
            event.preventDefault();
            void download("csv");
          }}
          aria-disabled={busy}
          data-testid="export-csv"
        >
          {text.exportCsv}
        </a>
        <a
          href="/measurements/export?format=json"
          className="button button-quiet"
          download
          onClick={(event) => {
            event.preventDefault();
            void download("json");
          }}
          aria-disabled={busy}
          data-testid="export-json"
        >
          {text.exportJson}
        </a>
      </div>
      <FormError message={error} testId="export-error" />
    </div>
  );
}
