import { describe, expect, it } from "vitest";
import { describeToolArguments } from "@/lib/chat/describe-tool-arguments";

describe("describeToolArguments", () => {
  it.each([
    ['{"date":"2020-01-02"}', "2020-01-02"],
    ['{"from":"2020-01-01","to":"2020-01-31"}', "2020-01-01 → 2020-01-31"],
    ['{"date":"2020-01-04","values":{"weight_kg":77.4,"waist_cm":82},"replace":true}', "2020-01-04 · weight_kg 77.4, waist_cm 82 · replace"],
    ['{"date":"4th of March 2020","values":{"weight":"77.4kg"}}', "4th of March 2020 · weight 77.4kg"],
    ['{"date":"2020-01-04","values":"77.4","unit":"kg"}', "2020-01-04 · values 77.4 · unit kg"],
    [
      '{"date":"2020-01-04","values":{"weight_kg":170,"waist_cm":32,"body_fat_pct":18},"units":{"mass":"lb","length":"in"}}',
      "2020-01-04 · weight_kg 170 lb, waist_cm 32 in, body_fat_pct 18",
    ],
    ['{"date":"2020-01-04","values":{"weight_kg":77},"units":{"mass":"kg"}}', "2020-01-04 · weight_kg 77 kg"],
  ])("shows %s as %s", (input, expected) => {
    expect(describeToolArguments(input)).toBe(expected);
  });

  it("shows unparsable arguments verbatim, shortened", () => {
    expect(describeToolArguments('{"date": "2020-01')).toBe('{"date": "2020-01');
    expect(describeToolArguments("x".repeat(200))).toHaveLength(80);
  });
});
