import { describe, expect, it } from "vitest";
import { problemBody, problemResponse, problemTypes } from "@/lib/http/problem";

describe("problem details", () => {
  it("answers application/problem+json, no-store, with the type's status, a stable type URI and the title", async () => {
    const response = problemResponse({ slug: "idempotency_key_reused", detail: "Nothing was changed.", extensions: { trace_id: "trc_1" } });
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      type: "https://palestra.dev/problems/idempotency_key_reused",
      title: problemTypes.idempotency_key_reused.title,
      status: 422,
      detail: "Nothing was changed.",
      trace_id: "trc_1",
    });
  });

  it("never lets an extension member override the standard members", () => {
    const body = problemBody({ slug: "conflict", detail: "stored", extensions: { status: 200, type: "x", stored: { weight_kg: 76 } } });
    expect(body).toMatchObject({ type: "https://palestra.dev/problems/conflict", status: 409, stored: { weight_kg: 76 } });
  });
});
