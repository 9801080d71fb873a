// POST /api/v1/chat's optional timeZone: an API client names its zone on purpose, so an unknown one is a 400
// invalid_request with the path, not a silent fall back to the server's date.
import { describe, expect, it } from "vitest";
import { chatRequestSchema } from "@/lib/http/request-schemas";
import { invalidRequestResponse } from "@/lib/http/validation-problems";

describe("the chat request's timeZone", () => {
  it("accepts an IANA zone and leaves it out when not sent", () => {
    expect(chatRequestSchema.parse({ message: "hi", timeZone: "Pacific/Auckland" })).toEqual({ message: "hi", timeZone: "Pacific/Auckland" });
    expect(chatRequestSchema.parse({ message: "hi" })).toEqual({ message: "hi" });
  });

  it.each([["Mars/Olympus_Mons"], [""], [13], [`Pacific/${"A".repeat(120)}`]])("answers 400 invalid_request for %j", async (timeZone) => {
    const parsed = chatRequestSchema.safeParse({ message: "hi", timeZone });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const response = invalidRequestResponse(parsed.error, "chat request");
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { type: string; errors: { path: string }[] };
    expect(problem.type).toBe("https://palestra.dev/problems/invalid_request");
    expect(problem.errors.map((error) => error.path)).toEqual(["timeZone"]);
  });

  it("names the expected form in the message of an unknown zone", () => {
    const parsed = chatRequestSchema.safeParse({ message: "hi", timeZone: "Mars/Olympus_Mons" });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["must be an IANA time zone name such as Pacific/Auckland or America/New_York"]);
  });
});
