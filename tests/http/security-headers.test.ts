import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, createNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";

describe("baseSecurityHeaders", () => {
  it("sends nosniff, a Referrer-Policy that keeps same-site Origins, and denies framing twice over", () => {
    const headers = baseSecurityHeaders({ publicUrl: "http://localhost:3000" });
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toBe("frame-ancestors 'none'");
  });

  it("adds HSTS only when the public URL is https", () => {
    expect(baseSecurityHeaders({ publicUrl: "http://palestra.example.org" })["strict-transport-security"]).toBeUndefined();
    expect(baseSecurityHeaders({ publicUrl: "https://palestra.example.org" })["strict-transport-security"]).toBe("max-age=31536000");
  });
});

describe("pageContentSecurityPolicy", () => {
  it("allows scripts by nonce only, never eval, and denies framing, plugins and foreign forms", () => {
    const policy = pageContentSecurityPolicy({ nonce: "abc123", development: false });
    const directives = Object.fromEntries(policy.split("; ").map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1)]));
    expect(directives["script-src"]).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy).not.toContain("unsafe-eval");
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
    expect(directives["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("allows eval under next dev alone", () => {
    expect(pageContentSecurityPolicy({ nonce: "n", development: true })).toContain("'unsafe-eval'");
  });
});

describe("createNonce", () => {
  it("makes a fresh 128-bit base64 value each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
