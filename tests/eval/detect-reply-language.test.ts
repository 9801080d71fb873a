// The reply's language: English, Spanish or Portuguese from the words only one of them uses; too little text is unknown.
import { describe, expect, it } from "vitest";
import { detectReplyLanguage } from "@/scripts/eval/detect-reply-language";

describe("detectReplyLanguage", () => {
  it.each([
    ["No hay ningún registro para el 2020-01-02. El 2020-01-01 sí hay un peso guardado: 76 kg.", "es"],
    ["Em 1 de janeiro de 2020 você pesava 76 kg, segundo o seu registro.", "pt"],
    ["Não há registro para 2020-01-02; em 2020-01-01 havia 76 kg.", "pt"],
    ["There is no record for 2020-01-02. On 2020-01-01 you weighed 76 kg.", "en"],
    ["¿Quieres que lo reemplace? El 2020-01-06 ya tiene 78,3 kg.", "es"],
  ])("reads %j as %s", (text, language) => {
    expect(detectReplyLanguage(text)).toBe(language);
  });

  it("does not guess from too little text or an even mix", () => {
    expect(detectReplyLanguage("76 kg.")).toBeUndefined();
    expect(detectReplyLanguage("Saved 77.4 kg.")).toBeUndefined();
    expect(detectReplyLanguage("The record is there. El registro está ahí y el peso es el mismo.")).toBeUndefined();
  });
});
