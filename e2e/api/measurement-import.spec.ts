// Export -> import -> export through the running server: byte-identical on a fresh account apart from updated_at and
// exported_at, formula-looking notes included; a 50 MB file is refused with 413 while it streams in.
import http from "node:http";
import { expect, putMeasurement, test } from "./api-fixtures";

const notes = ['=HYPERLINK("http://evil.example","x")', "+1 kg", "-2 cm", "@home", "'=already quoted", 'plain, with "quotes"\nand a line break'];

test("CSV and JSON exports come back in unchanged on a fresh account, and a second import changes nothing", async ({ signUp, appOrigin }) => {
  const source = await signUp("import-source");
  for (const [index, note] of notes.entries()) {
    const date = `2020-04-${String(index + 1).padStart(2, "0")}`;
    const response = await putMeasurement(source.bearer, {
      date,
      key: `"seed-${index}"`,
      body: { values: { weight_kg: 70 + index / 10, waist_cm: 80.5 }, note },
    });
    expect(response.status()).toBe(201);
  }
  for (const format of ["csv", "json"] as const) {
    const exported = await (await source.cookie.get(`/measurements/export?format=${format}`)).text();
    const fresh = await signUp(`import-${format}`);
    const type = format === "csv" ? "text/csv" : "application/json";
    const imported = await fresh.bearer.post("/api/v1/measurements/import", {
      data: exported,
      headers: { "content-type": type, "idempotency-key": `"${format}-1"` },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect(await imported.json()).toEqual({ created: notes.length, updated: 0, unchanged: 0, conflicts: [], errors: [] });
    const again = await fresh.bearer.post("/api/v1/measurements/import", {
      data: exported,
      headers: { "content-type": type, "idempotency-key": `"${format}-2"` },
    });
    expect(await again.json()).toEqual({ created: 0, updated: 0, unchanged: notes.length, conflicts: [], errors: [] });
    const reexported = await (await fresh.cookie.get(`/measurements/export?format=${format}`, { headers: { origin: appOrigin } })).text();
    const withoutTimes = (text: string) => text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "<time>");
    expect(withoutTimes(reexported)).toBe(withoutTimes(exported));
    expect(reexported).not.toBe(exported);
  }
});

test("a 50 MB file is refused with 413 problem+json as it streams in, and nothing is imported", async ({ signUp, baseURL }) => {
  const user = await signUp("import-huge");
  const { hostname, port } = new URL(baseURL ?? "");
  const row = Buffer.from("2020-01-01,80,,,,,,,,,,,x\n");
  const answer = await new Promise<{ status: number; type: string; body: string; sent: number }>((resolve, reject) => {
    const request = http.request({
      host: hostname,
      port,
      method: "POST",
      path: "/api/v1/measurements/import",
      headers: { "content-type": "text/csv", authorization: `Bearer ${user.token}`, "idempotency-key": '"huge"', "transfer-encoding": "chunked" },
    });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body: Buffer.concat(parts).toString(), sent }),
      );
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.concat(Array.from({ length: 4096 }, () => row));
    const writeMore = () => {
      while (!answered && sent < 50 * 1024 * 1024) {
        sent += chunk.length;
        if (!request.write(chunk)) return request.once("drain", writeMore);
      }
      if (!answered) request.end();
    };
    writeMore();
  });
  expect(answer.status).toBe(413);
  expect(answer.type).toBe("application/problem+json");
  expect(JSON.parse(answer.body).type).toBe("https://palestra.dev/problems/payload_too_large");
  // Refused long before the whole file was sent.
  expect(answer.sent).toBeLessThan(50 * 1024 * 1024);
  const stored = await user.bearer.get("/api/v1/measurements?from=2019-12-01&to=2020-06-30");
  expect((await stored.json()).records).toEqual([]);
});
