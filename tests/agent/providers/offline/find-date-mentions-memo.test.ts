// findDateMentions remembers recent readings (the coach reads the same sentence in every round): the memory must be
// keyed by the day as well as the text, shared results must not be changeable, and forgetting must not change answers.
import { describe, expect, it } from "vitest";
import { findDateMentions } from "@/lib/agent/providers/offline/find-date-mentions";

describe("findDateMentions' memory of recent texts", () => {
  it("reads a relative date against each day it is asked on", () => {
    const text = "What did I weigh yesterday?";
    const onFirst = findDateMentions({ text, today: "2026-03-10" });
    const onSecond = findDateMentions({ text, today: "2026-07-01" });
    expect(onFirst).toMatchObject([{ kind: "day", iso: "2026-03-09" }]);
    expect(onSecond).toMatchObject([{ kind: "day", iso: "2026-06-30" }]);
  });

  it("answers the same reading again, and no caller can change it for the next one", () => {
    const text = "Compare 2 January 2020 with the 1st";
    const first = findDateMentions({ text, today: "2026-03-10" });
    expect(findDateMentions({ text, today: "2026-03-10" })).toBe(first);
    expect(() => (first as unknown as unknown[]).push({})).toThrow(TypeError);
    const mention = first[0] as { iso?: string };
    expect(() => {
      mention.iso = "1999-01-01";
    }).toThrow(TypeError);
    expect(findDateMentions({ text, today: "2026-03-10" })[0]).toMatchObject({ kind: "day", iso: "2020-01-02" });
  });

  it("reads a text again, with the same result, after many others pushed it out", () => {
    const text = "I weighed 80 kg on 4 March 2021";
    const before = findDateMentions({ text, today: "2026-03-10" });
    for (let day = 0; day < 600; day += 1) findDateMentions({ text: `note number ${day} on 5 May 2020`, today: "2026-03-10" });
    const after = findDateMentions({ text, today: "2026-03-10" });
    expect(after).not.toBe(before);
    expect(after).toEqual(before);
  });
});
