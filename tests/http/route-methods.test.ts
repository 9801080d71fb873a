import { describe, expect, it } from "vitest";
import { allowHeader, otherMethods } from "@/lib/http/route-methods";

describe("otherMethods", () => {
  it("answers a method the path does not serve with 405 problem+json naming the served ones in Allow", async () => {
    const { refuse } = otherMethods(["GET", "PUT", "DELETE"]);
    const response = refuse(new Request("http://localhost/api/v1/measurements/2020-01-01", { method: "POST" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ type: "https://palestra.dev/problems/method_not_allowed", status: 405 });
  });

  it("answers OPTIONS with 204 and the same Allow", () => {
    const response = otherMethods(["POST"]).options(new Request("http://localhost/api/v1/chat", { method: "OPTIONS" }));
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("answers 404 for every method while the path is switched off", async () => {
    let enabled = false;
    const { refuse, options } = otherMethods(["GET"], () => enabled);
    expect(refuse(new Request("http://localhost/x", { method: "PUT" })).status).toBe(404);
    expect(options(new Request("http://localhost/x", { method: "OPTIONS" })).status).toBe(404);
    enabled = true;
    expect(refuse(new Request("http://localhost/x", { method: "PUT" })).status).toBe(405);
  });

  it("adds HEAD only when GET is served", () => {
    expect(allowHeader(["POST"])).toBe("POST, OPTIONS");
    expect(allowHeader(["GET"])).toBe("GET, HEAD, OPTIONS");
  });
});
