// Invented values: a number of the reply that no source holds, allowing rounding, decimal commas and unit conversions.
import { describe, expect, it } from "vitest";
import { extractNumbers } from "@/scripts/eval/extract-numbers";
import { collectSourceNumbers, findInventedNumbers } from "@/scripts/eval/find-invented-numbers";

const read76 = JSON.stringify({ date: "2020-01-01", values: { weight_kg: 76.4, waist_cm: 82 }, note: null, updated_at: "2026-11-30T08:15:00.000Z" });
const sources = collectSourceNumbers({ userMessages: ["What did I weigh on 2020-01-01?"], toolOutcomes: [read76], extraTexts: ["2026-11-30"] });
const invented = (text: string) => findInventedNumbers({ texts: [text], sources });

describe("extractNumbers", () => {
  it("reads a decimal comma as a decimal and a three-digit group both ways", () => {
    expect(extractNumbers("77,4 kg").map((number) => number.readings)).toEqual([[{ value: 77.4, decimals: 1 }]]);
    expect(extractNumbers("1,234").map((number) => number.readings.map((reading) => reading.value))).toEqual([[1.234, 1234]]);
  });

  it("leaves out identifiers and reads dates as their parts", () => {
    const text = "Key tc_0f3a9b12-4521-4e8a-9c1d-123456789abc, trace trc_4521aa, on 2020-01-04";
    expect(extractNumbers(text).map((number) => number.text)).toEqual(["2020", "01", "04"]);
  });
});

describe("findInventedNumbers", () => {
  it("accepts the numbers the person and the tools gave, rounded to the precision written", () => {
    expect(invented("On 1 January 2020 you weighed 76.4 kg (about 76 kg), waist 82 cm; today is 30 November 2026.")).toEqual([]);
  });

  it("accepts a decimal comma and unit conversions of a measurement", () => {
    expect(invented("Pesabas 76,4 kg, o sea 168,4 lb; cintura 32,3 in.")).toEqual([]);
  });

  it("flags a value in no source, as written", () => {
    expect(invented("You weighed 76.2 kg on 1 January 2020.")).toEqual(["76.2"]);
    expect(invented("Your body fat was 18,5 %.")).toEqual(["18,5"]);
  });

  it("does not convert a date's parts: 30 (today's day) is not 76.2 cm", () => {
    expect(invented("Your waist was 76.2 cm.")).toEqual(["76.2"]);
  });

  it("takes how many records a list held as read, not invented", () => {
    const list = JSON.stringify({
      from: "2019-01-01",
      to: "2019-12-31",
      complete: true,
      records: [
        { date: "2019-02-14", values: { weight_kg: 79.5 } },
        { date: "2019-06-14", values: { weight_kg: 78.5 } },
      ],
    });
    const listed = collectSourceNumbers({ userMessages: ["List 2019"], toolOutcomes: [list] });
    expect(findInventedNumbers({ texts: ["You have 2 records in 2019: 79.5 kg and 78.5 kg."], sources: listed })).toEqual([]);
    expect(findInventedNumbers({ texts: ["You have 3 records in 2019."], sources: listed })).toEqual(["3"]);
  });
});
