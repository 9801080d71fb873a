import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locale";
import { tracesText } from "@/lib/i18n/traces-text";
import { buildTimeline } from "@/lib/traces/build-timeline";
import { pivotModelRequests, pivotToolResults } from "@/lib/traces/pivot-metrics";

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString();

describe("buildTimeline", () => {
  it("pairs starts and ends into spans relative to the turn's start, with the code of a failed tool call", () => {
    const timeline = buildTimeline({
      startedAt: at(0),
      endedAt: at(100),
      events: [
        { type: "turn-start", at: at(0), data: {} },
        { type: "model-request-start", at: at(2), data: { round: 1 } },
        { type: "model-request-end", at: at(20), data: { round: 1, status: "ok" } },
        { type: "tool-call-start", at: at(21), data: { toolCallId: "a", name: "read_measurement" } },
        { type: "tool-call-end", at: at(30), data: { toolCallId: "a", isError: true, error: "not_found" } },
        { type: "model-request-start", at: at(31), data: { round: 2 } },
        { type: "model-request-end", at: at(90), data: { round: 2, status: "unavailable" } },
      ],
    });
    expect(timeline.totalMs).toBe(100);
    expect(timeline.spans).toEqual([
      { kind: "model", label: "round 1", round: 1, startMs: 2, endMs: 20, status: "ok" },
      { kind: "tool", label: "read_measurement", toolCallId: "a", startMs: 21, endMs: 30, status: "not_found" },
      { kind: "model", label: "round 2", round: 2, startMs: 31, endMs: 90, status: "unavailable" },
    ]);
  });

  it("shows a skipped call as a zero-length tool span at the moment it was stored, with its reason", () => {
    const timeline = buildTimeline({
      startedAt: at(0),
      endedAt: at(50),
      events: [
        { type: "model-request-start", at: at(1), data: { round: 1 } },
        { type: "model-request-end", at: at(10), data: { round: 1, status: "ok" } },
        { type: "tool-call-start", at: at(11), data: { toolCallId: "a", name: "save_measurement" } },
        { type: "tool-call-end", at: at(20), data: { toolCallId: "a", isError: true, error: "outcome_unknown" } },
        {
          type: "tool-call-skipped",
          at: at(21),
          data: { toolCallId: "b", callId: "call_2", name: "read_measurement", arguments: "{}", reason: "turn_stopped" },
        },
        { type: "tool-call-skipped", at: at(22), data: { toolCallId: "c", name: "list_measurements", reason: "round_limit" } },
        { type: "tool-call-skipped", at: at(23), data: { toolCallId: "d", name: "save_measurement", reason: "something_else" } },
      ],
    });
    expect(timeline.spans).toEqual([
      { kind: "model", label: "round 1", round: 1, startMs: 1, endMs: 10, status: "ok" },
      { kind: "tool", label: "save_measurement", toolCallId: "a", startMs: 11, endMs: 20, status: "outcome_unknown" },
      { kind: "tool", label: "read_measurement", toolCallId: "b", startMs: 21, endMs: 21, status: "skipped", skipReason: "turn_stopped" },
      { kind: "tool", label: "list_measurements", toolCallId: "c", startMs: 22, endMs: 22, status: "skipped", skipReason: "round_limit" },
      { kind: "tool", label: "save_measurement", toolCallId: "d", startMs: 23, endMs: 23, status: "skipped" },
    ]);
    expect(timeline.totalMs).toBe(50);
  });

  it("labels a skipped call in every language, by its reason", () => {
    expect(Object.fromEntries(locales.map((locale) => [locale, tracesText[locale].skipped]))).toEqual({
      en: { turn_stopped: "skipped, not run: the turn had stopped", round_limit: "skipped, not run: round limit reached", unknown: "skipped, not run" },
      es: {
        turn_stopped: "omitida, no se ejecutó: el turno se había detenido",
        round_limit: "omitida, no se ejecutó: se alcanzó el límite de rondas",
        unknown: "omitida, no se ejecutó",
      },
      pt: {
        turn_stopped: "ignorada, não executada: o turno tinha parado",
        round_limit: "ignorada, não executada: limite de rodadas atingido",
        unknown: "ignorada, não executada",
      },
    });
  });

  it("leaves a span that never ended open", () => {
    const timeline = buildTimeline({
      startedAt: at(0),
      endedAt: null,
      events: [{ type: "tool-call-start", at: at(5), data: { toolCallId: "b", name: "save_measurement" } }],
    });
    expect(timeline.spans[0]).toEqual({ kind: "tool", label: "save_measurement", toolCallId: "b", startMs: 5 });
    expect(timeline.totalMs).toBe(5);
  });
});

describe("metrics pivots", () => {
  const summary = {
    toolResults: [
      { day: "2026-01-01", tool: "read_measurement", status: "error", error: "not_found", count: 2 },
      { day: "2026-01-01", tool: "read_measurement", status: "ok", error: "", count: 1 },
      { day: "2026-01-02", tool: "save_measurement", status: "error", error: "outcome_unknown", count: 1 },
    ],
    turnOutcomes: [],
    modelRequests: [
      { provider: "openai", status: "ok", count: 3 },
      { provider: "openai", status: "overloaded", count: 3 },
      { provider: "offline", status: "ok", count: 5 },
    ],
  };

  it("puts one row per day and one series per tool and code", () => {
    expect(pivotToolResults(summary)).toEqual({
      rows: [
        { day: "2026-01-01", "read_measurement · not_found": 2, "read_measurement · ok": 1 },
        { day: "2026-01-02", "save_measurement · outcome_unknown": 1 },
      ],
      series: ["read_measurement · not_found", "read_measurement · ok", "save_measurement · outcome_unknown"],
    });
  });

  it("puts one row per provider and one series per status", () => {
    expect(pivotModelRequests(summary)).toEqual({
      rows: [
        { provider: "openai", ok: 3, overloaded: 3 },
        { provider: "offline", ok: 5 },
      ],
      series: ["ok", "overloaded"],
    });
  });
});
