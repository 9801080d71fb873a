import { describe, expect, it } from "vitest";
import { createApiKeyInputSchema, permissionsOfScope, scopeOfPermissions } from "@/lib/account/api-key-scope";

describe("an API key's scope in its stored permissions", () => {
  it("round-trips both scopes", () => {
    expect(scopeOfPermissions(permissionsOfScope("read"))).toBe("read");
    expect(scopeOfPermissions(permissionsOfScope("read_write"))).toBe("read_write");
  });

  it("reads anything but an explicit write grant as read, so a damaged row never gains writes", () => {
    for (const stored of [null, undefined, "read_write", {}, { measurements: "write" }, { other: ["write"] }, { measurements: ["read"] }]) {
      expect(scopeOfPermissions(stored), JSON.stringify(stored)).toBe("read");
    }
  });

  it("trims the name and refuses an empty or overlong one", () => {
    expect(createApiKeyInputSchema.parse({ name: "  Shortcut  ", scope: "read" })).toEqual({ name: "Shortcut", scope: "read" });
    expect(createApiKeyInputSchema.safeParse({ name: "   ", scope: "read" }).success).toBe(false);
    expect(createApiKeyInputSchema.safeParse({ name: "x".repeat(65), scope: "read" }).success).toBe(false);
  });
});
