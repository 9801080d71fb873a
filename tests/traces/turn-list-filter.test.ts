// The traces list's filter from its query string: known values narrow it, anything else is ignored.
import { describe, expect, it } from "vitest";
import { parseTurnListFilter } from "@/lib/traces/turn-list-filter";

describe("parseTurnListFilter", () => {
  it("keeps a known outcome (unfinished included) and a known tool", () => {
    expect(parseTurnListFilter({ outcome: "stopped_outcome_unknown", tool: "save_measurement" })).toEqual({
      outcome: "stopped_outcome_unknown",
      tool: "save_measurement",
    });
    expect(parseTurnListFilter({ outcome: "unfinished" })).toEqual({ outcome: "unfinished" });
  });

  it("ignores empty, unknown and repeated-but-unknown values", () => {
    expect(parseTurnListFilter({})).toEqual({});
    expect(parseTurnListFilter({ outcome: "", tool: "" })).toEqual({});
    expect(parseTurnListFilter({ outcome: "won", tool: "drop_table" })).toEqual({});
    expect(parseTurnListFilter({ outcome: ["nope", "answered"], tool: ["get_trend", "x"] })).toEqual({ tool: "get_trend" });
  });
});
