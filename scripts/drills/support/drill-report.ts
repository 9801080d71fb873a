// What a drill reports: its figures, the targets it missed, and the one line `npm run drill` prints for it.

export type DrillReport = {
  name: string;
  passed: boolean;
  figures: Record<string, number | string>;
  /** Each missed target, in words; empty when the drill passed. */
  failures: string[];
  durationMs: number;
};

export function formatDrillLine(report: DrillReport): string {
  const figures = Object.entries(report.figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  const seconds = (report.durationMs / 1000).toFixed(1);
  const head = `${report.passed ? "PASS" : "FAIL"} ${report.name} (${seconds}s): ${figures}`;
  return report.passed ? head : `${head}\n  missed: ${report.failures.join("; ")}`;
}

/** Collects missed targets while a drill runs. */
export function createTargetChecker() {
  const failures: string[] = [];
  return {
    failures,
    expect(condition: boolean, description: string) {
      if (!condition) failures.push(description);
    },
  };
}
