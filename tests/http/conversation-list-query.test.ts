import { describe, expect, it } from "vitest";
import { conversationListQuerySchema } from "@/lib/http/request-schemas";

describe("GET /api/v1/conversations query", () => {
  const before = "2026-03-04T10:00:00.123Z";

  it("accepts before alone (the older cursor) and before with beforeId (the compound one)", () => {
    expect(conversationListQuerySchema.parse({ before })).toEqual({ before });
    expect(conversationListQuerySchema.parse({ limit: "2", before, beforeId: "conv-1" })).toEqual({ limit: 2, before, beforeId: "conv-1" });
  });

  it("refuses beforeId without before, naming the field", () => {
    const result = conversationListQuerySchema.safeParse({ beforeId: "conv-1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["beforeId", "beforeId needs before"]]);
  });
});
