// The label/value list every trace page shows (a turn, one of its tool calls, an MCP call): one markup, one style.
import type { ReactNode } from "react";

/** One fact; `code` shows the value as an identifier, `testId` names it for the E2E specs. */
export type TraceFact = { label: string; value: ReactNode; code?: boolean; testId?: string };

export function TraceFacts({ facts }: { facts: (TraceFact | null)[] }) {
  return (
    <dl className="trace-facts">
      {facts
        .filter((fact): fact is TraceFact => fact !== null)
        .map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd data-testid={fact.code ? undefined : fact.testId}>{fact.code ? <code data-testid={fact.testId}>{fact.value}</code> : fact.value}</dd>
          </div>
        ))}
    </dl>
  );
}
