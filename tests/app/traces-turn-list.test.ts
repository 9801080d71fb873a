// The traces list's mark for a stopped save the person has not dealt with yet: an uncertain one waits to be checked, a
// failed one (known not stored) waits to be saved — in each language.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TurnList } from "@/app/traces/turn-list";
import { dictionaries } from "@/lib/i18n/dictionaries";
import { locales } from "@/lib/i18n/locale";
import { operatorText } from "@/lib/i18n/operator-text";
import type { TurnSummary } from "@/lib/store/turn-store";

function stoppedTurn(id: string, outcome: string, error: string): TurnSummary {
  return {
    id,
    conversationId: "conv_1",
    traceId: `trc_${id}`,
    outcome,
    provider: "offline",
    model: "palestra-rules-1",
    modelRequests: 1,
    startedAt: "2026-12-05T08:00:00.000Z",
    endedAt: "2026-12-05T08:00:00.020Z",
    resolution: null,
    excerpt: "Save weight 79.9 kg for 2026-12-04",
    tools: [{ name: "save_measurement", status: "error", error }],
    unresolvedWrites: 1,
    untraceableNumbers: 0,
    faultsInjected: [],
  };
}

const markOf = (html: string, id: string) => new RegExp(`data-turn-id="${id}"[\\s\\S]*?data-testid="trace-unresolved">([^<]*)<`).exec(html)?.[1];

describe("TurnList", () => {
  it.each(locales)("marks an unresolved uncertain save 'not checked yet' and a failed one 'not saved yet' (%s)", (locale) => {
    const turns = [
      stoppedTurn("turn_uncertain", "stopped_outcome_unknown", "outcome_unknown"),
      stoppedTurn("turn_failed", "stopped_write_failed", "write_failed"),
    ];
    const html = renderToStaticMarkup(createElement(TurnList, { turns, locale, dictionary: dictionaries[locale] }));
    expect(markOf(html, "turn_uncertain")).toBe(operatorText[locale].unresolved);
    expect(markOf(html, "turn_failed")).toBe(operatorText[locale].unresolvedNotSaved);
    expect(operatorText[locale].unresolved).not.toBe(operatorText[locale].unresolvedNotSaved);
  });
});
