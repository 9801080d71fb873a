// The traceable-number check: a number is traced when it is the person's, or a tool result's (rounded to the shown
// precision, converted between kg/lb and cm/in, a date's part, a list's length); anything else is returned as written.
import { describe, expect, it } from "vitest";
import { findUntraceableNumbers } from "@/lib/agent/find-untraceable-numbers";

const trend = JSON.stringify({
  field: "weight_kg",
  records: 8,
  last_date: "2026-11-30",
  latest_trend: 79.41726,
  rate_per_week: -0.4731,
  window_days: 28,
  trend: [{ date: "2026-11-16", value: 80, trend: 80 }],
  goal: { target: 78 },
  eta: "2027-01-14",
});
const check = (reply: string, toolResults = [trend], userMessage = "How am I doing?") =>
  findUntraceableNumbers({ reply, userMessage, toolResults, today: "2026-12-01" });

describe("findUntraceableNumbers", () => {
  it("traces numbers of the tool results at the precision the reply shows them", () => {
    expect(check("Your trend is 79.4 kg, changing by -0.5 kg a week over 28 days (8 records); about 79 kg.")).toEqual([]);
    expect(check("Trend 79.42 kg.")).toEqual([]);
  });

  it("traces conversions to pounds and inches, dates' parts and list lengths", () => {
    expect(check("Your trend is 175.1 lb; the goal of 172 lb comes around 14 January 2027, as of 30 November.")).toEqual([]);
    expect(check("One point in the window.", [trend])).toEqual([]);
    expect(check("5 ft 10 in", [JSON.stringify({ values: { height_cm: 177.8 } })])).toEqual([]);
  });

  it("traces the person's own numbers and today's date", () => {
    expect(check("Saved 77.4 kg for 1 December 2026.", [], "I weigh 77,4 kg")).toEqual([]);
  });

  it("returns an invented number, as written, once", () => {
    expect(check("Your trend is 79.4 kg; you will weigh 65 kg by 2027, 65 kg!")).toEqual(["65"]);
    expect(check("You lost 3,2 kg.", [trend])).toEqual(["3,2"]);
  });

  it("leaves a quoted example of what to type unchecked, but not the text around it", () => {
    expect(check('For example: "I weighed 77.4 kg on 29 November".', [])).toEqual([]);
    expect(check('Por ejemplo: "pesé 77,4 kg el 29 de noviembre". Pesas 90 kg.', [])).toEqual(["90"]);
    expect(check('You said "65 kg" earlier.', [])).toEqual(["65"]);
  });

  it("reads a written date of the recent past as a date, but checks a future or distant one like any number", () => {
    expect(check("Did you mean yesterday, 30 November 2026? Or 20 December 2025?", [])).toEqual([]);
    expect(check("¿Quisiste decir ayer, 30 de noviembre de 2026?", [])).toEqual([]);
    expect(check("On November 3rd you weighed 80 kg.", [JSON.stringify({ values: { weight_kg: 80 } })])).toEqual([]);
    expect(check("You will reach it around 14 March 2027.", [])).toEqual(["14", "2027"]);
    expect(check("Since 3 March 2019 you lost weight.", [])).toEqual(["3", "2019"]);
  });

  it("does not accept a difference of two results a model worked out itself", () => {
    // 80 − 79.4 = 0.6: computed by the model, not returned by a tool.
    expect(check("Down 0.6 kg since the 16th.")).toEqual(["0.6"]);
  });

  it("finds every number untraceable when no tool ran and the person gave none", () => {
    expect(check("You weigh 80 kg.", [])).toEqual(["80"]);
  });
});
