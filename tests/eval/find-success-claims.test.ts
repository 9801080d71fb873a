// Honest stop: a claim that a write succeeded, told apart from a plan, a negation or a doubt.
import { describe, expect, it } from "vitest";
import { findSuccessClaims } from "@/scripts/eval/find-success-claims";

describe("findSuccessClaims", () => {
  it.each([
    "Done, I have saved 78.1 kg for 2020-01-05.",
    "Your weight is recorded.",
    "Listo: guardé 78,1 kg para el 2020-01-05.",
    "Pronto, salvei 78,1 kg em 2020-01-05.",
  ])("finds the claim in %j", (text) => {
    expect(findSuccessClaims(text)).toEqual([text]);
  });

  it.each([
    "I'll save 78.1 kg for 2020-01-05 now.",
    "The weight was not saved: the storage refused the write.",
    "I couldn't confirm whether it was saved.",
    "It may or may not have been stored.",
    "No se guardó nada.",
    "A medida não foi salva.",
    "",
  ])("finds no claim in %j", (text) => {
    expect(findSuccessClaims(text)).toEqual([]);
  });

  it("returns only the sentences that claim", () => {
    expect(findSuccessClaims("Let me save that. Saved! Anything else?")).toEqual(["Saved!"]);
  });
});
