// A turn outcome as a coloured badge with its localized label; the code stays in data-outcome. Once the person resolved
// the turn's stopped saves, the badge says what became of them (the chat card's words), and the stored outcome follows
// in small print: the turn did stop, and that is no longer the whole story.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import type { WriteResolution } from "@/lib/outcome/write-resolutions";

const resolutionTones: Record<WriteResolution, string> = { saved: "badge-ok", saved_now: "badge-ok", not_saved: "badge-warning", refused: "badge-error" };

type OutcomeBadgeProps = {
  outcome: string | null;
  resolution?: WriteResolution | null;
  labels: Dictionary["traces"]["outcomes"];
  resolutions: Dictionary["traces"]["resolutions"];
};

export function OutcomeBadge({ outcome, resolution, labels, resolutions }: OutcomeBadgeProps) {
  const code = outcome ?? "unfinished";
  const outcomeLabel = labels[code as keyof typeof labels] ?? code;
  if (resolution) {
    return (
      <>
        <span className={`badge ${resolutionTones[resolution]}`} data-testid="turn-outcome-badge" data-outcome={code} data-resolution={resolution}>
          {resolutions[resolution]}
        </span>
        <span className="trace-outcome-before" data-testid="turn-outcome-before">
          {outcomeLabel}
        </span>
      </>
    );
  }
  const tone = code === "answered" ? "badge-ok" : code === "unfinished" ? "" : code === "stopped_outcome_unknown" ? "badge-warning" : "badge-error";
  return (
    <span className={`badge ${tone}`} data-testid="turn-outcome-badge" data-outcome={code} data-resolution="">
      {outcomeLabel}
    </span>
  );
}
