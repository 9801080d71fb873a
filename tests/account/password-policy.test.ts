import { describe, expect, it } from "vitest";
import { checkPassword, estimatePassword } from "@/lib/account/password-policy";

const check = (password: string, email = "ana.lima@example.org", locale: "en" | "es" | "pt" = "en") => checkPassword({ password, email, locale });

describe("checkPassword", () => {
  it("refuses fewer than 10 characters, counting an emoji as one", () => {
    expect(check("12345678")).toMatchObject({ ok: false, problem: "too_short" });
    expect(check("🏋️🏋️🏋️🏋️a")).toMatchObject({ ok: false, problem: "too_short" });
  });

  it("refuses the email's local part anywhere in the password, whatever its case", () => {
    expect(check("ana.lima@example.org")).toMatchObject({ ok: false, problem: "contains_email" });
    expect(check("xx-ANA.LIMA-lantern-42")).toMatchObject({ ok: false, problem: "contains_email" });
  });

  it("does not apply the local-part rule to a local part of one or two characters", () => {
    expect(check("lantern-orbit-meadow-7", "al@example.org")).toEqual({ ok: true });
  });

  it("refuses what the estimator scores below 3: common passwords, keyboard rows, spaces, the person's name", () => {
    for (const password of ["password123", "qwertyuiop12", "          ", "1234567890", "P@ssw0rd2024", "contraseña123"]) {
      expect(check(password), password).toMatchObject({ ok: false, problem: "too_guessable" });
    }
    expect(checkPassword({ password: "Anabela1985!", email: "x@example.org", name: "Anabela Souza", locale: "en" })).toMatchObject({
      ok: false,
      problem: "too_guessable",
    });
  });

  it("accepts long passwords of unrelated words and random ones", () => {
    for (const password of ["lantern-orbit-meadow-7", "correct horse battery staple", `pw-${crypto.randomUUID()}`])
      expect(check(password), password).toEqual({ ok: true });
  });

  it("gives the estimator's reason in the person's language", () => {
    expect(check("password123", undefined, "en")).toMatchObject({ warning: "This is a commonly used password." });
    expect(check("password123", undefined, "es")).toMatchObject({ warning: "Es una contraseña usada comúnmente." });
    expect(check("password123", undefined, "pt")).toMatchObject({ warning: "Esta é uma senha comumente usada." });
  });

  it("bounds the work on a long hostile password: the estimator sees 64 characters, in under 1.5 s of CPU (0.2–0.3 s measured)", () => {
    const hostile = `${"x".repeat(20)}${"p@ssw0rd!".repeat(12)}`;
    // What the estimator scored is the first 64 characters, whatever follows (the bound that makes the work finite).
    expect(estimatePassword(hostile, []).password).toBe(hostile.slice(0, 64));
    // CPU time of this process, not wall time: the bound holds however loaded the machine is (4 s without the bounds).
    const before = process.cpuUsage();
    check(hostile);
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(1_500);
  });
});
