import { describe, expect, it } from "vitest";
import { foundSaved, needsResolution, resolveTurn, type ResolvableCall } from "@/lib/outcome/write-resolutions";

const stopped = (resolution: ResolvableCall["resolution"], error = "outcome_unknown"): ResolvableCall => ({
  name: "save_measurement",
  status: "error",
  error,
  idempotencyKey: "k",
  resolution,
});

describe("a turn's resolution from its stopped saves", () => {
  it("is null without a stopped save, and while any stopped save is unresolved", () => {
    expect(resolveTurn([])).toBeNull();
    expect(resolveTurn([{ name: "read_measurement", status: "error", error: "unavailable", idempotencyKey: null }])).toBeNull();
    expect(resolveTurn([stopped(null, "write_failed")])).toBeNull();
    expect(resolveTurn([stopped("saved"), stopped(undefined)])).toBeNull();
  });

  it("tells what happened to the saves: the first save went through, saved now, not saved, refused", () => {
    expect(resolveTurn([stopped("saved")])).toBe("saved");
    expect(resolveTurn([stopped("saved_now", "write_failed")])).toBe("saved_now");
    expect(resolveTurn([stopped("not_saved")])).toBe("not_saved");
    expect(resolveTurn([stopped("refused")])).toBe("refused");
  });

  it("never reads saved while one save was refused or not stored, and reads saved now when one was stored by the person", () => {
    expect(resolveTurn([stopped("saved"), stopped("refused")])).toBe("refused");
    expect(resolveTurn([stopped("saved_now"), stopped("not_saved")])).toBe("not_saved");
    expect(resolveTurn([stopped("saved"), stopped("saved_now")])).toBe("saved_now");
  });

  it("counts only keyed saves that stopped on outcome_unknown or write_failed", () => {
    expect(needsResolution(stopped(null))).toBe(true);
    expect(needsResolution({ ...stopped(null), idempotencyKey: null })).toBe(false);
    expect(needsResolution({ ...stopped(null), error: "conflict" })).toBe(false);
    expect(needsResolution({ ...stopped(null), status: "ok", error: null })).toBe(false);
  });

  it("keeps saved_now when the key is found holding the person's own re-run, and says saved otherwise", () => {
    expect(foundSaved(null)).toBe("saved");
    expect(foundSaved("not_saved")).toBe("saved");
    expect(foundSaved("saved_now")).toBe("saved_now");
  });
});
