// `npm run admin -- import` on a real database: a file streamed from disk into one account, each format of the table,
// the unit asked when the file has none, problems printed with their lines, and a second run changing nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setStore } from "@/lib/scope/get-store";
import { resetAuthForTests } from "@/lib/account/get-auth";
import { resetEnvForTests } from "@/lib/env";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { runAdminCommand } from "@/lib/operations/run-admin-command";
import { openTemporaryDatabase, type TemporaryDatabase } from "@/tests/support/temporary-database";
import { appleHealthZip, fitbitWeightJson, healthConnectZip, openScaleCsv, withingsLbCsv } from "@/tests/measurements/import/formats/format-fixtures";

let database: TemporaryDatabase;
let folder: string;
const saved = { ...process.env };

beforeEach(async () => {
  database = openTemporaryDatabase("palestra-admin-import-");
  setStore(database.store);
  Object.assign(process.env, { BETTER_AUTH_SECRET: "s".repeat(40), BETTER_AUTH_URL: "http://localhost:3000", PALESTRA_SIGNUP: "closed" });
  resetEnvForTests();
  resetAuthForTests();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-admin-import-files-"));
  expect((await runAdminCommand(["users", "create", "ana@example.com"])).exitCode).toBe(0);
});

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  resetAuthForTests();
  setStore(undefined);
  database.remove();
  fs.rmSync(folder, { recursive: true, force: true });
});

const write = (name: string, content: string | Uint8Array) => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  return file;
};
const storedDates = async () => {
  const userId = database.handle.sqlite.prepare("SELECT id FROM user WHERE email = ?").pluck().get("ana@example.com") as string;
  return (await listAllMeasurements({ store: database.store, userId })).map(({ date, values }) => ({ date, values }));
};

describe("npm run admin -- import", () => {
  it("imports an Apple Health export.zip from disk, and a second run changes nothing", async () => {
    const file = write("export.zip", appleHealthZip());
    const first = await runAdminCommand(["import", "--email", "ana@example.com", "--format", "apple-health", file]);
    expect(first).toEqual({
      exitCode: 0,
      stdout: [
        "Readings found: 8; counted once as the same reading from another source: 1; days that merged several: 1.",
        "Imported. New: 3 · Updated: 0 · Unchanged: 0 · Left as they were (other values stored): 0",
      ],
      stderr: [],
    });
    expect((await storedDates())[0]).toEqual({ date: "2024-05-02", values: { weight_kg: 80.2, body_fat_pct: 16.2 } });
    const second = await runAdminCommand(["import", "--email", "ana@example.com", "--format", "apple-health", file]);
    expect(second.stdout[1]).toBe("Imported. New: 0 · Updated: 0 · Unchanged: 3 · Left as they were (other values stored): 0");
  });

  it.each([
    ["health-connect", "hc.zip", () => healthConnectZip(), [], 3],
    ["withings", "weight.csv", () => withingsLbCsv, [], 1],
    ["fitbit", "weight-2024-05-02.json", () => fitbitWeightJson, ["--unit", "lb"], 2],
    ["openscale", "openscale.csv", () => openScaleCsv, [], 2],
  ] as const)("imports %s", async (format, name, content, extra, created) => {
    const answer = await runAdminCommand(["import", "--email", "ana@example.com", "--format", format, ...extra, write(name, content())]);
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout.at(-1)).toBe(`Imported. New: ${created} · Updated: 0 · Unchanged: 0 · Left as they were (other values stored): 0`);
  });

  it("asks for the unit a Fitbit file lacks, and prints a bad line with its code, importing nothing", async () => {
    const noUnit = await runAdminCommand(["import", "--email", "ana@example.com", "--format", "fitbit", write("weight.json", fitbitWeightJson)]);
    expect(noUnit).toEqual({
      exitCode: 1,
      stdout: [],
      stderr: [
        expect.stringMatching(/^Nothing was imported: 1 problem/),
        "file: The file does not say its unit. Choose it: --unit = kg or lb. [unit_required]",
      ],
    });
    const bad = await runAdminCommand([
      "import",
      "--email",
      "ana@example.com",
      "--format",
      "withings",
      write("w.csv", 'Date,"Weight (kg)"\n"2024-05-02 07:00:00",abc\n'),
    ]);
    expect(bad.stderr[1]).toBe("line 2: Weight “abc” is not a number. Write it with a point for decimals, like 77.4. [value_unreadable]");
    expect(await storedDates()).toEqual([]);
  });

  it("prints the problems and the summary in the person's language with --locale, codes and line numbers unchanged", async () => {
    const noUnit = await runAdminCommand([
      "import",
      "--email",
      "ana@example.com",
      "--format",
      "fitbit",
      "--locale",
      "es",
      write("weight.json", fitbitWeightJson),
    ]);
    expect(noUnit.stderr).toEqual([
      `No se importó nada: 1 problema en ${path.join(folder, "weight.json")}.`,
      "archivo: El archivo no indica su unidad. Elígela: --unit = kg o lb. [unit_required]",
    ]);
    const bad = await runAdminCommand([
      "import",
      "--email",
      "ana@example.com",
      "--format",
      "withings",
      "--locale",
      "pt",
      write("w.csv", 'Date,"Weight (kg)"\n"2024-05-02 07:00:00",abc\n'),
    ]);
    expect(bad.stderr[1]).toBe("linha 2: Peso “abc” não é um número. Escreva-o com ponto decimal, como 77.4. [value_unreadable]");
    const file = write("export.zip", appleHealthZip());
    expect((await runAdminCommand(["import", "--email", "ana@example.com", "--format", "apple-health", "--locale", "pt", file])).stdout).toEqual([
      "Medições encontradas: 8; contadas uma vez por serem a mesma medição de outra fonte: 1; dias que juntaram várias: 1.",
      "Importado. Novos: 3 · Atualizados: 0 · Sem mudança: 0 · Deixados como estavam (outros valores salvos): 0",
    ]);
    expect((await runAdminCommand(["import", "--email", "ana@example.com", "--format", "apple-health", "--locale", "es", "--dry-run", file])).stdout[1]).toBe(
      "Se importaría. Nuevos: 0 · Actualizados: 0 · Sin cambios: 3 · Dejados como estaban (otros valores guardados): 0",
    );
    expect(await runAdminCommand(["import", "--email", "ana@example.com", "--format", "withings", "--locale", "fr", file])).toMatchObject({
      exitCode: 2,
    });
  });

  it("stores where each value came from, as the file gave it", async () => {
    await runAdminCommand(["import", "--email", "ana@example.com", "--format", "withings", write("weight.csv", withingsLbCsv)]);
    const userId = database.handle.sqlite.prepare("SELECT id FROM user WHERE email = ?").pluck().get("ana@example.com") as string;
    const [record] = await listAllMeasurements({ store: database.store, userId });
    expect(record?.provenance.weight_kg).toEqual({ source: "withings", original_value: 176.8, original_unit: "lb", derived: false });
  });

  it("refuses an unknown format, a missing file and an unknown account", async () => {
    expect((await runAdminCommand(["import", "--email", "ana@example.com", "--format", "garmin", "x"])).exitCode).toBe(2);
    expect(await runAdminCommand(["import", "--email", "ana@example.com", "--format", "withings", path.join(folder, "none.csv")])).toMatchObject({
      exitCode: 1,
    });
    expect(await runAdminCommand(["import", "--email", "nobody@example.com", "--format", "withings", write("w.csv", withingsLbCsv)])).toEqual({
      exitCode: 1,
      stdout: [],
      stderr: ["No account has the email nobody@example.com."],
    });
  });
});
