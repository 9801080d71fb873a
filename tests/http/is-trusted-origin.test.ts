import { describe, expect, it } from "vitest";
import { isTrustedOrigin } from "@/lib/http/is-trusted-origin";

const publicUrl = "https://palestra.example.org";
const requestUrl = "http://127.0.0.1:3100/api/v1/measurements/2020-01-01";

describe("isTrustedOrigin", () => {
  it("accepts the configured public origin and the origin the request was addressed to", () => {
    expect(isTrustedOrigin({ origin: "https://palestra.example.org", requestUrl, publicUrl })).toBe(true);
    expect(isTrustedOrigin({ origin: "http://127.0.0.1:3100", requestUrl, publicUrl })).toBe(true);
  });

  it("refuses a missing Origin and the opaque null origin", () => {
    expect(isTrustedOrigin({ origin: null, requestUrl, publicUrl })).toBe(false);
    expect(isTrustedOrigin({ origin: "", requestUrl, publicUrl })).toBe(false);
    expect(isTrustedOrigin({ origin: "null", requestUrl, publicUrl })).toBe(false);
  });

  it("lets Sec-Fetch-Site: same-origin stand in for a missing Origin, and nothing else", () => {
    expect(isTrustedOrigin({ origin: null, fetchSite: "same-origin", requestUrl, publicUrl })).toBe(true);
    for (const fetchSite of ["same-site", "cross-site", "none", "", null]) {
      expect(isTrustedOrigin({ origin: null, fetchSite, requestUrl, publicUrl }), String(fetchSite)).toBe(false);
    }
    // It never overrides an Origin that says otherwise.
    expect(isTrustedOrigin({ origin: "https://evil.example", fetchSite: "same-origin", requestUrl, publicUrl })).toBe(false);
    expect(isTrustedOrigin({ origin: "null", fetchSite: "same-origin", requestUrl, publicUrl })).toBe(false);
  });

  it("refuses another site, another port, another scheme and look-alike hosts", () => {
    for (const origin of [
      "https://evil.example",
      "http://127.0.0.1:3101",
      "http://palestra.example.org",
      "https://palestra.example.org.evil.example",
      "https://palestra.example.org/path",
      "not a url",
    ]) {
      expect(isTrustedOrigin({ origin, requestUrl, publicUrl }), origin).toBe(false);
    }
  });
});
