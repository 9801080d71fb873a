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
import {
  appleHealthZip,
  fitbitWeightJson,
  healthConnectZip,
  mappedCsv,
  openScaleCsv,
  withingsLbCsv,
} from "@/tests/measurements/import/formats/format-fixtures";

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

  it("imports a CSV of its own columns mapped by flags, asking by --date-order when its dates read both ways", async () => {
    // 02/05/2024 and 03/05/2024 read as 2 and 3 May or as 5 February and 5 March: only the person knows.
    const file = write("weights.csv", mappedCsv(["02/05/2024", "03/05/2024"]));
    const mapped = ["import", "--email", "ana@example.com", "--format", "csv", "--date", "Day", "--weight-kg", "Body weight"];
    expect(await runAdminCommand([...mapped, file])).toEqual({
      exitCode: 1,
      stdout: [],
      stderr: [
        `Nothing was imported: 1 problem in ${file}.`,
        "file: Dates such as 02/05/2024 could be day/month or month/day. Choose the order the file uses: --date-order = dmy, mdy, ymd. [date_order_required]",
      ],
    });
    expect((await runAdminCommand([...mapped, "--locale", "pt", file])).stderr[1]).toBe(
      "arquivo: Datas como 02/05/2024 podem ser dia/mês ou mês/dia. Escolha a ordem que o arquivo usa: --date-order = dmy, mdy, ymd. [date_order_required]",
    );
    expect(await storedDates()).toEqual([]);
    const imported = await runAdminCommand([...mapped, "--date-order", "dmy", file]);
    expect(imported.stdout.at(-1)).toBe("Imported. New: 2 · Updated: 0 · Unchanged: 0 · Left as they were (other values stored): 0");
    expect(await storedDates()).toEqual([
      { date: "2024-05-02", values: { weight_kg: 80 } },
      { date: "2024-05-03", values: { weight_kg: 80.1 } },
    ]);
    // Pounds by --weight-lb; a day above 12 settles the order without the flag.
    const pounds = write("pounds.csv", mappedCsv(["25/05/2024"]));
    const answer = await runAdminCommand(["import", "--email", "ana@example.com", "--format", "csv", "--date", "Day", "--weight-lb", "Body weight", pounds]);
    expect(answer.exitCode).toBe(0);
    expect((await storedDates()).at(-1)).toEqual({ date: "2024-05-25", values: { weight_kg: 36.3 } });
  });

  it("names the flag of a mapping the CSV needs and does not have, and refuses a date order outside its set", async () => {
    const file = write("weights.csv", mappedCsv(["2024-05-02"]));
    expect((await runAdminCommand(["import", "--email", "ana@example.com", "--format", "csv", "--weight-kg", "Body weight", file])).stderr[1]).toBe(
      "file: Choose the column that holds the date (--date COLUMN). [column_required]",
    );
    expect((await runAdminCommand(["import", "--email", "ana@example.com", "--format", "csv", "--date", "Day", "--weight-kg", "Weight", file])).stderr[1]).toBe(
      "line 1: The column “Weight” chosen for --weight-kg is not in the file. Its columns are: Day, Body weight, Mood. [column_not_found]",
    );
    expect(
      await runAdminCommand([
        "import",
        "--email",
        "ana@example.com",
        "--format",
        "csv",
        "--date",
        "Day",
        "--weight-kg",
        "Body weight",
        "--date-order",
        "dm",
        file,
      ]),
    ).toMatchObject({ exitCode: 2 });
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
