// The traces list's filters: a plain GET form (outcome, tool), so the server renders the narrowed list, the address can
// be shared, and it works by keyboard and without JavaScript.
import Link from "next/link";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { toolLabel, toolNames } from "@/lib/i18n/operator-text";
import type { TurnListFilter } from "@/lib/store/turn-store";
import { listedOutcomes } from "@/lib/traces/turn-list-filter";

export function TurnFilters({ filter, dictionary }: { filter: TurnListFilter; dictionary: Dictionary }) {
  const text = dictionary.operator.filters;
  const outcomes = dictionary.traces.outcomes;
  const active = filter.outcome !== undefined || filter.tool !== undefined;
  return (
    <form method="get" action="/traces" className="turn-filters" role="search" aria-label={text.legend} data-testid="trace-filters">
      <div className="field">
        <label htmlFor="filter-outcome">{text.outcome}</label>
        <select id="filter-outcome" name="outcome" defaultValue={filter.outcome ?? ""} data-testid="filter-outcome">
          <option value="">{text.anyOutcome}</option>
          {listedOutcomes.map((outcome) => (
            <option key={outcome} value={outcome}>
              {outcomes[outcome]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-tool">{text.tool}</label>
        <select id="filter-tool" name="tool" defaultValue={filter.tool ?? ""} data-testid="filter-tool">
          <option value="">{text.anyTool}</option>
          {toolNames.map((name) => (
            <option key={name} value={name}>
              {toolLabel(name, dictionary.operator)}
            </option>
          ))}
        </select>
      </div>
      <div className="turn-filters-actions">
        <button type="submit" className="button" data-testid="filter-apply">
          {text.apply}
        </button>
        {active ? (
          <Link href="/traces" data-testid="filter-clear">
            {text.clear}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
