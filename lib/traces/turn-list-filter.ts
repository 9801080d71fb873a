// The traces list's filter from the page's query string (?outcome=…&tool=…): only known values narrow the list, so a
// hand-edited or stale address shows every turn instead of an error or an empty page that hides why.
import { toolNames } from "@/lib/i18n/operator-text";
import { turnOutcomes } from "@/lib/store/records";
import type { TurnListFilter } from "@/lib/store/turn-store";

/** Every outcome a turn can have in the list, "unfinished" (none stored yet) included. */
export const listedOutcomes = [...turnOutcomes, "unfinished"] as const;

type SearchParams = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function parseTurnListFilter(params: SearchParams): TurnListFilter {
  const outcome = single(params.outcome);
  const tool = single(params.tool);
  return {
    ...(outcome && (listedOutcomes as readonly string[]).includes(outcome) ? { outcome } : {}),
    ...(tool && (toolNames as readonly string[]).includes(tool) ? { tool } : {}),
  };
}
