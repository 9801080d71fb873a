// A turn outcome as a coloured badge with its localized label; the code stays in data-outcome.
import type { Dictionary } from "@/lib/i18n/dictionaries";

export function OutcomeBadge({ outcome, labels }: { outcome: string | null; labels: Dictionary["traces"]["outcomes"] }) {
  const code = outcome ?? "unfinished";
  const tone = code === "answered" ? "badge-ok" : code === "unfinished" ? "" : code === "stopped_outcome_unknown" ? "badge-warning" : "badge-error";
  return (
    <span className={`badge ${tone}`} data-testid="turn-outcome-badge" data-outcome={code}>
      {labels[code as keyof typeof labels] ?? code}
    </span>
  );
}
